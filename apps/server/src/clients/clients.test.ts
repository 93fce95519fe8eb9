import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_TOO_BIG, AMOUNT_WHOLE, projectsEndpoints, type Client, type CreatedClient } from '@crm/contract';
import { call, urlOf } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { pipelineProject } from '../test/pipeline-project.js';

describe('clients: own clients for managers, all for admins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates a client owned by the caller, with the defaults, and reads it back', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const created = await call(t.app, 'POST', p.urls.clients, {
      token: p.manager.token,
      body: { name: ' Иван ', last_name: 'Петров', category_id: a.id },
    });
    expect(created.status).toBe(201);
    const { duplicates, ...client } = created.body.response as CreatedClient;
    expect(duplicates).toEqual([]);
    expect(client).toEqual({
      id: expect.any(Number),
      name: 'Иван',
      last_name: 'Петров',
      amount: 0,
      traffic: false,
      category_id: a.id,
      manager_id: p.manager.id,
      manager: { id: p.manager.id, name: 'Мария Менеджерова' },
      fields: [],
      category_entered_at: client.created_at,
      created_at: expect.any(String),
      updated_at: client.created_at,
    });
    const read = await call(t.app, 'GET', p.urls.client(client.id), { token: p.manager.token });
    expect(read.body.response).toEqual(client);
    const full = await p.addClient(p.admin.token, {
      name: 'Ольга',
      last_name: 'Смирнова',
      // As typed, with spaces between the digit groups (a no-break one too).
      amount: '150\u00a0000',
      traffic: true,
      category_id: a.id,
      manager_id: p.second.id,
    });
    expect(full).toMatchObject({
      amount: 150000,
      traffic: true,
      manager_id: p.second.id,
      manager: { name: 'Пётр Второй' },
    });
    const history = await p.history('client.created');
    expect(history.map((h) => [h.actor_id, h.message])).toEqual([
      [p.manager.id, 'Добавлен клиент «Иван Петров» в категорию «Новые»'],
      [p.admin.id, 'Добавлен клиент «Ольга Смирнова» в категорию «Новые», менеджер Пётр Второй'],
    ]);
  });

  it('validates the basic form, with the product messages', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const other = await pipelineProject(t, 'Чужой');
    const foreign = await other.addCategory({ name: 'Чужая' });
    const post = (body: unknown, token = p.manager.token) =>
      call(t.app, 'POST', p.urls.clients, { token, body });
    const ok = { name: 'Иван', last_name: 'Петров', category_id: a.id };
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: 'Иван', last_name: 'Петров' }, { category_id: ['Выберите категорию'] }],
      [{ ...ok, category_id: null }, { category_id: ['Выберите категорию'] }],
      [{ ...ok, category_id: foreign.id }, { category_id: ['Категория клиентов не найдена'] }],
      [{ ...ok, category_id: 999999 }, { category_id: ['Категория клиентов не найдена'] }],
      [{ last_name: 'Петров', category_id: a.id }, { name: ['Обязательное поле'] }],
      [{ ...ok, last_name: ' ' }, { last_name: ['Обязательное поле'] }],
      [{ ...ok, name: 'я'.repeat(101) }, { name: ['Не более 100 символов'] }],
      [{ ...ok, amount: -5 }, { amount: [AMOUNT_WHOLE] }],
      [{ ...ok, amount: 10.5 }, { amount: [AMOUNT_WHOLE] }],
      [{ ...ok, amount: true }, { amount: [AMOUNT_WHOLE] }],
      // A decimal comma, letters or a sign in a typed amount: refused, never read as other digits
      // (12 500,50 was saved as 1 250 050).
      [{ ...ok, amount: '12 500,50' }, { amount: [AMOUNT_WHOLE] }],
      [{ ...ok, amount: '12abc 500,50р' }, { amount: [AMOUNT_WHOLE] }],
      [{ ...ok, amount: '-100' }, { amount: [AMOUNT_WHOLE] }],
      [{ ...ok, amount: '12345678901234567890123' }, { amount: [AMOUNT_TOO_BIG] }],
      [{ ...ok, amount: 1_000_000_000_001 }, { amount: [AMOUNT_TOO_BIG] }],
    ];
    for (const [body, errors] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    const all = await post({ last_name: '', category_id: 'x' });
    expect(Object.keys(all.body.errors).sort()).toEqual(['category_id', 'last_name', 'name']);
    // The owner: another member only by an admin, and only a member of the project.
    const byManager = await post({ ...ok, manager_id: p.second.id });
    expect(byManager.status).toBe(403);
    expect(byManager.body.message).toBe('Передать клиента другому менеджеру может только администратор');
    expect((await post({ ...ok, manager_id: p.manager.id })).status).toBe(201);
    const stranger = await post({ ...ok, manager_id: other.manager.id }, p.admin.token);
    expect(stranger.body.errors).toEqual({ manager_id: ['Участник проекта не найден'] });
    const listed = await call(t.app, 'GET', p.urls.clients, { token: p.admin.token });
    expect(listed.body.response.total).toBe(1);
  });

  it('shows a manager only his own clients; another manager’s client is not found for any action', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const b = await p.addCategory({ name: 'Думает' });
    const mine = await p.addClient(p.manager.token, { name: 'Иван', last_name: 'Петров', category_id: a.id });
    const theirs = await p.addClient(p.second.token, {
      name: 'Анна',
      last_name: 'Козлова',
      category_id: a.id,
    });
    const own = await call(t.app, 'GET', p.urls.clients, { token: p.manager.token });
    expect(own.body.response.data.map((c: Client) => c.id)).toEqual([mine.id]);
    const all = await call(t.app, 'GET', p.urls.clients, { token: p.admin.token });
    expect(all.body.response.data.map((c: Client) => c.id)).toEqual([theirs.id, mine.id]);

    const attempts: ['GET' | 'PUT' | 'DELETE', string, unknown][] = [
      ['GET', p.urls.client(theirs.id), undefined],
      ['PUT', p.urls.client(theirs.id), { name: 'Х', last_name: 'Х' }],
      ['DELETE', p.urls.client(theirs.id), undefined],
      ['PUT', p.urls.moveClient(theirs.id), { category_id: b.id }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(t.app, method, url, { token: p.manager.token, body });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.message).toBe('Клиент не найден');
    }
    const untouched = await call(t.app, 'GET', p.urls.client(theirs.id), { token: p.second.token });
    expect(untouched.body.response).toEqual(theirs);

    // The anonymous and another project's members.
    const outsider = await pipelineProject(t, 'Чужой');
    for (const [method, url, body] of [
      ...attempts,
      ['GET', p.urls.clients, undefined] as const,
      ['POST', p.urls.clients, {}] as const,
    ]) {
      expect((await call(t.app, method, url, { body })).status, `${method} ${url}`).toBe(401);
      expect(
        (await call(t.app, method, url, { token: outsider.admin.token, body })).status,
        `${method} ${url}`,
      ).toBe(404);
    }
    // An admin of the project reaches every client; an unknown id is not found.
    expect((await call(t.app, 'GET', p.urls.client(theirs.id), { token: p.owner.token })).status).toBe(200);
    expect((await call(t.app, 'GET', p.urls.client(999999), { token: p.admin.token })).status).toBe(404);
    expect(
      (await call(t.app, 'GET', p.urls.client(mine.id).replace(/\d+$/, 'abc'), { token: p.admin.token }))
        .status,
    ).toBe(404);
  });

  it('edits a client; admins pass it to another member, managers may not', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const client = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: a.id,
    });
    const put = (body: unknown, token = p.manager.token) =>
      call(t.app, 'PUT', p.urls.client(client.id), { token, body });

    const edited = await put({ name: 'Иван', last_name: 'Сидоров', amount: 1500, traffic: true });
    expect(edited.status).toBe(200);
    expect(edited.body.response).toMatchObject({
      name: 'Иван',
      last_name: 'Сидоров',
      amount: 1500,
      traffic: true,
      category_id: a.id,
    });
    const kept = await put({ name: 'Иван', last_name: 'Сидоров' });
    expect(kept.body.response).toMatchObject({ amount: 1500, traffic: true });
    expect((await put({ name: 'Иван', last_name: 'Сидоров', manager_id: p.manager.id })).status).toBe(200);

    const refused = await put({ name: 'Иван', last_name: 'Сидоров', manager_id: p.second.id });
    expect(refused.status).toBe(403);
    const other = await pipelineProject(t, 'Чужой');
    const stranger = await put(
      { name: 'Иван', last_name: 'Сидоров', manager_id: other.manager.id },
      p.admin.token,
    );
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors).toEqual({ manager_id: ['Участник проекта не найден'] });
    expect((await put({ name: 'Иван', last_name: 'Сидоров', amount: -1 })).body.errors).toEqual({
      amount: [AMOUNT_WHOLE],
    });
    expect((await put({ name: 'Иван', last_name: 'Сидоров', amount: '1 500,5' })).body.errors).toEqual({
      amount: [AMOUNT_WHOLE],
    });

    const passed = await put({ name: 'Иван', last_name: 'Сидоров', manager_id: p.second.id }, p.admin.token);
    expect(passed.body.response).toMatchObject({
      manager_id: p.second.id,
      manager: { id: p.second.id, name: 'Пётр Второй' },
    });
    expect((await call(t.app, 'GET', p.urls.client(client.id), { token: p.manager.token })).status).toBe(404);
    expect((await call(t.app, 'GET', p.urls.client(client.id), { token: p.second.token })).status).toBe(200);

    expect((await p.history('client.updated')).map((h) => h.message)).toEqual([
      'Клиент «Иван Петров» изменён: имя «Иван Петров» → «Иван Сидоров»; сумма 0 → 1\u00a0500; траффик: нет → да',
      'Клиент «Иван Сидоров» изменён: менеджер Мария Менеджерова → Пётр Второй',
    ]);
  });

  it('moves a client to another category: written to the history as client_category_changed, by update-category or by the edit form', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const b = await p.addCategory({ name: 'Думает' });
    const other = await pipelineProject(t, 'Чужой');
    const foreign = await other.addCategory({ name: 'Чужая' });
    t.clock.set('2026-05-01T10:00:00Z');
    const client = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: a.id,
    });
    t.clock.set('2026-05-02T10:00:00Z');
    const moved = await call(t.app, 'PUT', p.urls.moveClient(client.id), {
      token: p.manager.token,
      body: { category_id: b.id },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.response.category_id).toBe(b.id);
    expect(moved.body.response.category_entered_at.slice(0, 13)).toBe('2026-05-02T10');
    // The same category again: nothing happens.
    await call(t.app, 'PUT', p.urls.moveClient(client.id), {
      token: p.manager.token,
      body: { category_id: b.id },
    });
    const wrong = await call(t.app, 'PUT', p.urls.moveClient(client.id), {
      token: p.manager.token,
      body: { category_id: foreign.id },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ category_id: ['Категория клиентов не найдена'] });
    expect(
      (await call(t.app, 'PUT', p.urls.moveClient(client.id), { token: p.manager.token, body: {} })).body
        .errors,
    ).toEqual({
      category_id: ['Выберите категорию'],
    });

    const viaForm = await call(t.app, 'PUT', p.urls.client(client.id), {
      token: p.admin.token,
      body: { name: 'Иван', last_name: 'Петров', category_id: a.id },
    });
    expect(viaForm.body.response.category_id).toBe(a.id);
    const changes = await p.history('client_category_changed');
    expect(
      changes.map((h) => [
        h.actor_id,
        h.subject_id,
        h.message,
        JSON.parse(h.before ?? 'null'),
        JSON.parse(h.after ?? 'null'),
      ]),
    ).toEqual([
      [
        p.manager.id,
        client.id,
        'Клиент «Иван Петров» переведён из «Новые» в «Думает»',
        { category_id: a.id, category: 'Новые' },
        { category_id: b.id, category: 'Думает' },
      ],
      [
        p.admin.id,
        client.id,
        'Клиент «Иван Петров» переведён из «Думает» в «Новые»',
        { category_id: b.id, category: 'Думает' },
        { category_id: a.id, category: 'Новые' },
      ],
    ]);
    expect(await p.history('client.updated')).toEqual([]);
  });

  it('deletes a client (his own for a manager)', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const client = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: a.id,
    });
    const removed = await call(t.app, 'DELETE', p.urls.client(client.id), { token: p.manager.token });
    expect(removed.status).toBe(200);
    expect(removed.body.response).toEqual({ ok: true });
    expect((await call(t.app, 'GET', p.urls.client(client.id), { token: p.admin.token })).status).toBe(404);
    expect((await call(t.app, 'DELETE', p.urls.client(client.id), { token: p.manager.token })).status).toBe(
      404,
    );
    expect((await p.history('client.deleted')).map((h) => h.message)).toEqual([
      'Удалён клиент «Иван Петров» (категория «Новые», менеджер Мария Менеджерова)',
    ]);
  });

  it('pages the list, 20 a page, newest first, per category', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const b = await p.addCategory({ name: 'Думает' });
    const ids: number[] = [];
    for (let i = 0; i < 45; i += 1) {
      t.clock.set(new Date(Date.UTC(2026, 5, 1, 10, i)));
      ids.push(
        (await p.addClient(p.manager.token, { name: `Клиент${i}`, last_name: 'Тестов', category_id: a.id }))
          .id,
      );
    }
    await p.addClient(p.second.token, { name: 'Чужой', last_name: 'Клиент', category_id: a.id });
    await p.addClient(p.manager.token, { name: 'В другой', last_name: 'Категории', category_id: b.id });
    const newest = [...ids].reverse();
    const page = async (query: string, token = p.manager.token) =>
      (await call(t.app, 'GET', `${p.urls.clients}?${query}`, { token })).body.response;

    const first = await page(`category=${a.id}`);
    expect({ ...first, data: first.data.map((c: Client) => c.id) }).toEqual({
      data: newest.slice(0, 20),
      current_page: 1,
      last_page: 3,
      per_page: 20,
      total: 45,
    });
    expect((await page(`category=${a.id}&page=3`)).data.map((c: Client) => c.id)).toEqual(newest.slice(40));
    const beyond = await page(`category=${a.id}&page=4`);
    expect([beyond.data, beyond.total, beyond.last_page]).toEqual([[], 45, 3]);
    expect((await page(`category=${a.id}`, p.admin.token)).total).toBe(46);
    expect((await page('', p.admin.token)).total).toBe(47);
    expect((await page(`category=${b.id}`)).total).toBe(1);
    const empty = await page('category=999999');
    expect([empty.data, empty.total, empty.last_page]).toEqual([[], 0, 1]);
    for (const bad of ['page=0', 'page=x', 'category=abc', 'category=-1']) {
      expect(
        (await call(t.app, 'GET', `${p.urls.clients}?${bad}`, { token: p.manager.token })).status,
        bad,
      ).toBe(422);
    }
  });

  it('filters by creation day in the project’s time zone, from and to inclusive', async () => {
    const p = await pipelineProject(t);
    const project = await call(
      t.app,
      'PUT',
      urlOf(projectsEndpoints.update, { projectId: p.owner.projectId }),
      {
        token: p.owner.token,
        body: { name: 'Воронка', timezone: 'Asia/Vladivostok' },
      },
    );
    expect(project.status).toBe(200);
    const a = await p.addCategory({ name: 'Новые' });
    // Vladivostok is UTC+10: 13:30Z is 23:30 there, 14:30Z already the next day.
    const at = async (iso: string, name: string) => {
      t.clock.set(iso);
      return (await p.addClient(p.manager.token, { name, last_name: 'Тестов', category_id: a.id })).id;
    };
    const late9 = await at('2026-03-09T13:30:00Z', 'Девятое');
    const early10 = await at('2026-03-09T14:30:00Z', 'Десятое рано');
    const late10 = await at('2026-03-10T13:59:00Z', 'Десятое поздно');
    const early11 = await at('2026-03-10T14:00:30Z', 'Одиннадцатое');
    const list = async (query: string) => {
      const res = await call(t.app, 'GET', `${p.urls.clients}?${query}`, { token: p.manager.token });
      expect(res.status, query).toBe(200);
      return res.body.response.data.map((c: Client) => c.id);
    };
    expect(await list('from=2026-03-10&to=2026-03-10')).toEqual([late10, early10]);
    expect(await list('from=2026-03-10')).toEqual([early11, late10, early10]);
    expect(await list('to=2026-03-09')).toEqual([late9]);
    expect(await list(`from=2026-03-09&to=2026-03-11&category=${a.id}`)).toEqual([
      early11,
      late10,
      early10,
      late9,
    ]);
    expect(await list('from=2026-03-12')).toEqual([]);

    const bad = async (query: string) =>
      (await call(t.app, 'GET', `${p.urls.clients}?${query}`, { token: p.manager.token })).body;
    expect((await bad('from=2026-02-30')).errors).toEqual({ from: ['Введите дату в формате ГГГГ-ММ-ДД'] });
    expect((await bad('to=10.03.2026')).errors).toEqual({ to: ['Введите дату в формате ГГГГ-ММ-ДД'] });
    expect((await bad('from=2026-03-11&to=2026-03-10')).errors).toEqual({
      to: ['Дата «по» не может быть раньше даты «с»'],
    });
  });
});
