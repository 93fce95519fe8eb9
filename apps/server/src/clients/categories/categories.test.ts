import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { hint, pipelineProject } from '../../test/pipeline-project.js';

describe('client categories: the pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates categories with the defaults, answers the id, and lists them in order to any member', async () => {
    const p = await pipelineProject(t);
    const first = await p.addCategory({ name: '  Новые  ' });
    expect(first).toEqual({
      id: expect.any(Number),
      name: 'Новые',
      color: 'AC8BE5',
      next_category_id: null,
      outcome: null,
      duration: 0,
      clue: null,
    });
    const second = await p.addCategory({
      name: 'Думает',
      color: 'dd69c0',
      next_category_id: first.id,
      duration: 72 * 3600,
    });
    expect(second).toMatchObject({ color: 'DD69C0', next_category_id: first.id, duration: 259200 });
    // A project starts with its 'Успех' and 'Отказ' stages, always shown last.
    expect((await p.categories()).map((c) => c.name)).toEqual(['Новые', 'Думает', 'Успех', 'Отказ']);

    const created = await p.history('client_category.created');
    expect(created.map((h) => h.message)).toEqual([
      'Создана категория клиентов «Новые»: без следующей категории',
      'Создана категория клиентов «Думает»: через 72 ч клиенты переходят в «Новые»',
    ]);
    expect(created[0]?.actor_id).toBe(p.admin.id);
  });

  it('validates the fields, with the product messages', async () => {
    const p = await pipelineProject(t);
    const other = await pipelineProject(t, 'Чужой');
    const foreign = await other.addCategory({ name: 'Чужая' });
    await p.addCategory({ name: 'Сделка' });
    const post = (body: unknown) => call(t.app, 'POST', p.urls.categories, { token: p.admin.token, body });
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['Обязательное поле'] }],
      [{ name: '   ' }, { name: ['Обязательное поле'] }],
      [{ name: 'я'.repeat(101) }, { name: ['Не более 100 символов'] }],
      [{ name: 'СДЕЛКА' }, { name: ['Категория с таким названием уже есть'] }],
      [{ name: 'А', color: '#AC8BE5' }, { color: ['Цвет: шесть шестнадцатеричных цифр без #'] }],
      [{ name: 'А', color: 'XYZXYZ' }, { color: ['Цвет: шесть шестнадцатеричных цифр без #'] }],
      [{ name: 'А', duration: -1 }, { duration: ['Введите целое неотрицательное число'] }],
      [{ name: 'А', duration: 1.5 }, { duration: ['Введите целое неотрицательное число'] }],
      [{ name: 'А', duration: '3600' }, { duration: ['Введите целое неотрицательное число'] }],
      [{ name: 'А', next_category_id: foreign.id }, { next_category_id: ['Категория клиентов не найдена'] }],
      [{ name: 'А', next_category_id: 999999 }, { next_category_id: ['Категория клиентов не найдена'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
      expect(res.body.message).toBe(Object.values(errors)[0]?.[0]);
    }
    expect((await p.categories()).filter((c) => c.outcome === null).map((c) => c.name)).toEqual(['Сделка']);
  });

  it('edits a category: fields left out stay, the next category can be set and removed, never itself', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые', color: 'FFD95F' });
    const b = await p.addCategory({ name: 'Думает' });
    const put = (id: number, body: unknown) =>
      call(t.app, 'PUT', p.urls.category(id), { token: p.admin.token, body });

    const linked = await put(b.id, { name: 'Думает долго', next_category_id: a.id, duration: 7200 });
    expect(linked.status).toBe(200);
    expect(linked.body.response).toEqual({
      id: b.id,
      name: 'Думает долго',
      color: 'AC8BE5',
      next_category_id: a.id,
      outcome: null,
      duration: 7200,
      clue: null,
    });
    const renamed = await put(b.id, { name: 'Думает' });
    expect(renamed.body.response).toMatchObject({ name: 'Думает', next_category_id: a.id, duration: 7200 });
    const cleared = await put(b.id, { name: 'Думает', next_category_id: null, color: '77ef83' });
    expect(cleared.body.response).toMatchObject({ next_category_id: null, duration: 7200, color: '77EF83' });

    const itself = await put(b.id, { name: 'Думает', next_category_id: b.id });
    expect(itself.status).toBe(422);
    expect(itself.body.errors).toEqual({ next_category_id: ['Категория не может вести сама в себя'] });
    const taken = await put(b.id, { name: 'новые' });
    expect(taken.body.errors).toEqual({ name: ['Категория с таким названием уже есть'] });
    expect((await put(b.id, {})).body.errors).toEqual({ name: ['Обязательное поле'] });

    const other = await pipelineProject(t, 'Чужой');
    const foreign = await other.addCategory({ name: 'Чужая' });
    const foreignNext = await put(b.id, { name: 'Думает', next_category_id: foreign.id });
    expect(foreignNext.body.errors).toEqual({ next_category_id: ['Категория клиентов не найдена'] });
    // Another project's category in the path is not found.
    expect((await put(foreign.id, { name: 'Взлом' })).status).toBe(404);
    expect((await call(t.app, 'DELETE', p.urls.category(foreign.id), { token: p.admin.token })).status).toBe(
      404,
    );

    const updates = await p.history('client_category.updated');
    expect(updates.map((h) => h.message)).toEqual([
      'Категория клиентов «Думает» изменена: переименована в «Думает долго»; было: без следующей категории; стало: через 2 ч клиенты переходят в «Новые»',
      'Категория клиентов «Думает долго» изменена: переименована в «Думает»',
      'Категория клиентов «Думает» изменена: цвет AC8BE5 → 77EF83; было: через 2 ч клиенты переходят в «Новые»; стало: без следующей категории',
    ]);
  });

  it('reorders with exactly the project’s categories, each once', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'А' });
    const b = await p.addCategory({ name: 'Б' });
    const c = await p.addCategory({ name: 'В' });
    const other = await pipelineProject(t, 'Чужой');
    const foreign = await other.addCategory({ name: 'Чужая' });
    const reorder = (ids: unknown) =>
      call(t.app, 'PUT', p.urls.changeOrder, { token: p.admin.token, body: { ids } });

    const ok = await reorder([c.id, a.id, b.id]);
    expect(ok.status).toBe(200);
    // The ordinary stages alone may be sent: those that end the pipeline stay last.
    expect(ok.body.response.map((x: { name: string }) => x.name)).toEqual(['В', 'А', 'Б', 'Успех', 'Отказ']);
    const ordinary = async () => (await p.categories()).filter((x) => x.outcome === null).map((x) => x.id);
    expect(await ordinary()).toEqual([c.id, a.id, b.id]);

    const missing = await reorder([c.id, a.id]);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ ids: ['Укажите все категории проекта, каждую по одному разу'] });
    expect((await reorder([c.id, a.id, foreign.id])).body.errors).toEqual({
      'ids.2': ['Категория клиентов не найдена'],
    });
    expect((await reorder([c.id, c.id, a.id, b.id])).body.errors).toEqual({
      'ids.1': ['Категория указана дважды'],
    });
    expect((await reorder('nope')).status).toBe(422);
    expect(
      (await call(t.app, 'PUT', p.urls.changeOrder, { token: p.admin.token, body: {} })).body.errors,
    ).toEqual({
      ids: ['Обязательное поле'],
    });
    expect(await ordinary()).toEqual([c.id, a.id, b.id]);
    // The same order again changes nothing and writes nothing.
    await reorder([c.id, a.id, b.id]);
    expect((await p.history('client_category.reordered')).map((h) => h.message)).toEqual([
      'Изменён порядок категорий клиентов: «В», «А», «Б»',
    ]);
  });

  it('refuses to delete a category that still has clients; once empty, deletes it with its hint, links to it and goals for it', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const b = await p.addCategory({ name: 'Думает', next_category_id: a.id, duration: 3600 });
    const c = await p.addCategory({ name: 'Сделка', next_category_id: a.id });
    await call(t.app, 'POST', p.urls.clues('client_category'), {
      token: p.admin.token,
      body: { clue: hint('Позвоните'), type_id: a.id },
    });
    const client = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: a.id,
    });
    const status = await call(t.app, 'POST', `/api/v1/projects/${p.owner.projectId}/statuses`, {
      token: p.admin.token,
      body: { name: 'Новичок' },
    });
    const goalsUrl = `/api/v1/projects/${p.owner.projectId}/statuses/${status.body.response.id}/client-categories`;
    const goals = await call(t.app, 'POST', `${goalsUrl}/set-goals`, {
      token: p.admin.token,
      body: {
        goals: [
          { client_category_id: a.id, goal: 5 },
          { client_category_id: c.id, goal: 2 },
        ],
      },
    });
    expect(goals.status).toBe(200);

    // The list's counts say beforehand what the delete will meet.
    const counts = await call(t.app, 'GET', `${p.urls.categories}/client-counts`, { token: p.admin.token });
    expect(counts.status).toBe(200);
    expect(counts.body.response).toEqual([{ category_id: a.id, clients: 1 }]);

    const refused = await call(t.app, 'DELETE', p.urls.category(a.id), { token: p.admin.token });
    expect(refused.status).toBe(422);
    const message =
      'В категории «Новые» есть клиенты (1): переведите их в другую категорию, затем удалите её';
    expect(refused.body).toEqual({ success: false, message, errors: { id: [message] } });
    expect((await p.categories()).filter((x) => x.outcome === null).map((x) => x.name)).toEqual([
      'Новые',
      'Думает',
      'Сделка',
    ]);

    await call(t.app, 'PUT', p.urls.moveClient(client.id), {
      token: p.manager.token,
      body: { category_id: c.id },
    });
    expect(
      (await call(t.app, 'GET', `${p.urls.categories}/client-counts`, { token: p.admin.token })).body
        .response,
    ).toEqual([{ category_id: c.id, clients: 1 }]);
    const deleted = await call(t.app, 'DELETE', p.urls.category(a.id), { token: p.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.response).toEqual({ ok: true });
    const left = (await p.categories()).filter((x) => x.outcome === null);
    expect(left.map((x) => [x.name, x.next_category_id])).toEqual([
      ['Думает', null],
      ['Сделка', null],
    ]);
    expect(left.find((x) => x.id === b.id)?.duration).toBe(3600);
    expect(await t.db.selectFrom('clues').select('id').where('type_id', '=', a.id).execute()).toEqual([]);
    const goalsLeft = await call(t.app, 'GET', goalsUrl, { token: p.admin.token });
    expect(goalsLeft.body.response).toEqual([{ client_category_id: c.id, goal: 2 }]);
    expect((await p.history('client_category.deleted')).map((h) => h.message)).toEqual([
      'Удалена категория клиентов «Новые»; подсказка удалена; больше никуда не ведут: «Думает», «Сделка»',
    ]);
    expect((await call(t.app, 'DELETE', p.urls.category(a.id), { token: p.admin.token })).status).toBe(404);
  });

  it('refuses: the anonymous 401, another project 404, a manager on writes 403; members read', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const outsider = await pipelineProject(t, 'Чужой');
    const writes: [string, string, unknown][] = [
      ['POST', p.urls.categories, { name: 'Х' }],
      ['PUT', p.urls.category(a.id), { name: 'Х' }],
      ['DELETE', p.urls.category(a.id), undefined],
      ['PUT', p.urls.changeOrder, { ids: [a.id] }],
      ['GET', `${p.urls.categories}/client-counts`, undefined],
    ];
    for (const [method, url, body] of writes) {
      const m = method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      expect((await call(t.app, m, url, { body })).status, `${method} ${url}`).toBe(401);
      expect(
        (await call(t.app, m, url, { token: outsider.admin.token, body })).status,
        `${method} ${url}`,
      ).toBe(404);
      const manager = await call(t.app, m, url, { token: p.manager.token, body });
      expect(manager.status, `${method} ${url}`).toBe(403);
      expect(manager.body.message).toBe('Недостаточно прав для этого действия');
    }
    expect((await call(t.app, 'GET', p.urls.categories)).status).toBe(401);
    expect((await call(t.app, 'GET', p.urls.categories, { token: outsider.manager.token })).status).toBe(404);
    expect((await call(t.app, 'GET', p.urls.categories, { token: p.second.token })).status).toBe(200);
    expect((await p.categories()).filter((c) => c.outcome === null).map((c) => c.name)).toEqual(['Новые']);
  });
});
