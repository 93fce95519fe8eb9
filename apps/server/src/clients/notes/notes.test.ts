import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MAX_LENGTH, teamEndpoints, type ClientNote } from '@crm/contract';
import { call, callEndpoint } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { insertClientNote } from './notes.repository.js';

type Project = Awaited<ReturnType<typeof pipelineProject>>;

/** A project with a category and one client of the first manager. */
async function withClient(t: TestApp, name?: string) {
  const p = await pipelineProject(t, name);
  const a = await p.addCategory({ name: 'Новые' });
  const client = await p.addClient(p.manager.token, { name: 'Иван', last_name: 'Петров', category_id: a.id });
  return { p, a, client };
}

const postNote = (
  t: TestApp,
  p: Project,
  clientId: number,
  body: unknown,
  token: string | null = p.manager.token,
) => call(t.app, 'POST', p.urls.notes(clientId), { token, body });

const notesOf = async (t: TestApp, p: Project, clientId: number, token = p.manager.token) => {
  const res = await call(t.app, 'GET', p.urls.notes(clientId), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response as ClientNote[];
};

describe('client notes (docs/product.md §4.8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('writes notes by the owner and by an admin, lists them newest first with their authors, and records each', async () => {
    const { p, client } = await withClient(t);
    expect(await notesOf(t, p, client.id)).toEqual([]);

    t.clock.set('2026-11-20T09:00:00Z');
    const first = await postNote(t, p, client.id, { note: '  Просил перезвонить\nпосле обеда  ' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.response).toEqual({
      id: expect.any(Number),
      note: 'Просил перезвонить\nпосле обеда',
      author: { id: p.manager.id, name: 'Мария Менеджерова' },
      created_at: expect.stringMatching(/^2026-11-20T09:00:0\d\.\d{3}Z$/),
    });
    t.clock.set('2026-11-20T10:30:00Z');
    const second = await postNote(
      t,
      p,
      client.id,
      { note: 'Отправил коммерческое предложение' },
      p.admin.token,
    );
    expect(second.status).toBe(201);
    t.clock.set('2026-11-20T11:00:00Z');
    const third = await postNote(t, p, client.id, { note: 'Ждёт счёт' });

    const list = await notesOf(t, p, client.id);
    expect(list.map((n) => [n.note, n.author.name, n.created_at.slice(0, 16)])).toEqual([
      ['Ждёт счёт', 'Мария Менеджерова', '2026-11-20T11:00'],
      ['Отправил коммерческое предложение', 'Анна Админова', '2026-11-20T10:30'],
      ['Просил перезвонить\nпосле обеда', 'Мария Менеджерова', '2026-11-20T09:00'],
    ]);
    expect(list[0]).toEqual(third.body.response);
    expect(await notesOf(t, p, client.id, p.owner.token)).toEqual(list);

    const history = await p.history('client_note.created');
    expect(history.map((h) => [h.actor_id, h.subject_id, h.message])).toEqual([
      [
        p.manager.id,
        client.id,
        'Добавлена заметка к клиенту «Иван Петров»: «Просил перезвонить после обеда»',
      ],
      [
        p.admin.id,
        client.id,
        'Добавлена заметка к клиенту «Иван Петров»: «Отправил коммерческое предложение»',
      ],
      [p.manager.id, client.id, 'Добавлена заметка к клиенту «Иван Петров»: «Ждёт счёт»'],
    ]);
    expect(JSON.parse(String(history[0]?.after))).toEqual(first.body.response);
  });

  it('orders notes of the same instant by the later one first', async () => {
    const { p, client } = await withClient(t);
    const now = '2026-11-21T08:00:00.000Z';
    const base = { projectId: p.owner.projectId, clientId: client.id, authorId: p.manager.id, now };
    const older = await insertClientNote(t.db, { ...base, note: 'Раньше' });
    const newer = await insertClientNote(t.db, { ...base, note: 'Позже' });
    expect((await notesOf(t, p, client.id)).map((n) => [n.id, n.note])).toEqual([
      [newer.id, 'Позже'],
      [older.id, 'Раньше'],
    ]);
  });

  it('quotes a long note shortly in the history and keeps it whole', async () => {
    const { p, client } = await withClient(t);
    const long = `${'а'.repeat(150)} ${'б'.repeat(NOTE_MAX_LENGTH - 151)}`;
    const res = await postNote(t, p, client.id, { note: long });
    expect(res.status).toBe(201);
    expect((await notesOf(t, p, client.id))[0]?.note).toBe(long);
    const [entry] = await p.history('client_note.created');
    expect(entry?.message).toBe(
      `Добавлена заметка к клиенту «Иван Петров»: «${'а'.repeat(150)} ${'б'.repeat(49)}…»`,
    );
  });

  it('validates the note: required, at most 5000 characters; nothing is saved', async () => {
    const { p, client } = await withClient(t);
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { note: ['Обязательное поле'] }],
      [{ note: null }, { note: ['Обязательное поле'] }],
      [{ note: '' }, { note: ['Обязательное поле'] }],
      [{ note: ' \n\t ' }, { note: ['Обязательное поле'] }],
      [{ note: 'я'.repeat(NOTE_MAX_LENGTH + 1) }, { note: ['Не более 5000 символов'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await postNote(t, p, client.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
      expect(res.body.message).toBe(Object.values(errors)[0]?.[0]);
    }
    expect(await notesOf(t, p, client.id)).toEqual([]);
    expect(await p.history('client_note.created')).toEqual([]);
  });

  it('refuses: anonymous 401, another project 404, another manager’s or an unknown client 404', async () => {
    const { p, a, client } = await withClient(t);
    const outsider = await withClient(t, 'Чужой');
    const theirs = await p.addClient(p.second.token, {
      name: 'Анна',
      last_name: 'Козлова',
      category_id: a.id,
    });
    await postNote(t, p, theirs.id, { note: 'Чужая заметка' }, p.second.token);
    const ok = { note: 'Попытка' };

    const url = p.urls.notes(client.id);
    expect((await call(t.app, 'GET', url)).status).toBe(401);
    expect((await call(t.app, 'POST', url, { body: ok })).status).toBe(401);
    // An anonymous call with a bad body is still 401, not 422.
    expect((await call(t.app, 'POST', url, { body: {} })).status).toBe(401);
    expect((await call(t.app, 'GET', url, { token: outsider.p.admin.token })).status).toBe(404);
    expect((await call(t.app, 'POST', url, { token: outsider.p.admin.token, body: ok })).status).toBe(404);
    // Another manager's client: not found for a manager, whatever he sends.
    for (const [token, id] of [
      [p.manager.token, theirs.id],
      [p.second.token, client.id],
    ] as const) {
      expect((await call(t.app, 'GET', p.urls.notes(id), { token })).status).toBe(404);
      const refused = await postNote(t, p, id, ok, token);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Клиент не найден');
    }
    // A client of another project, an unknown one, a malformed id: not found, even for an admin.
    for (const id of [outsider.client.id, 999999]) {
      expect((await call(t.app, 'GET', p.urls.notes(id), { token: p.admin.token })).status).toBe(404);
      expect((await postNote(t, p, id, ok, p.admin.token)).status).toBe(404);
    }
    const malformed = p.urls.notes(client.id).replace(`/${client.id}/`, '/abc/');
    expect((await call(t.app, 'GET', malformed, { token: p.admin.token })).status).toBe(404);

    expect(await notesOf(t, p, client.id)).toEqual([]);
    expect(await notesOf(t, outsider.p, outsider.client.id)).toEqual([]);
    expect((await notesOf(t, p, theirs.id, p.admin.token)).map((n) => n.note)).toEqual(['Чужая заметка']);
  });

  it('an admin inside a manager’s account writes as the manager; the history names both', async () => {
    const { p, client } = await withClient(t);
    const access = await callEndpoint(t.app, teamEndpoints.memberAccessToken, {
      params: { projectId: p.owner.projectId, memberId: p.manager.id },
      token: p.admin.token,
    });
    const token = access.body.response.access_token as string;
    const res = await postNote(t, p, client.id, { note: 'Записал за менеджера' }, token);
    expect(res.status).toBe(201);
    expect((res.body.response as ClientNote).author).toEqual({ id: p.manager.id, name: 'Мария Менеджерова' });
    expect((await p.history('client_note.created')).map((h) => [h.actor_id, h.impersonator_id])).toEqual([
      [p.manager.id, p.admin.id],
    ]);
  });

  it('deleting a client deletes its notes', async () => {
    const { p, a, client } = await withClient(t);
    const kept = await p.addClient(p.manager.token, {
      name: 'Ольга',
      last_name: 'Смирнова',
      category_id: a.id,
    });
    await postNote(t, p, client.id, { note: 'Первая' });
    await postNote(t, p, client.id, { note: 'Вторая' });
    await postNote(t, p, kept.id, { note: 'Остаётся' });
    expect((await call(t.app, 'DELETE', p.urls.client(client.id), { token: p.manager.token })).status).toBe(
      200,
    );
    const rows = await t.db
      .selectFrom('client_notes')
      .select(['client_id', 'note'])
      .where('project_id', '=', p.owner.projectId)
      .execute();
    expect(rows).toEqual([{ client_id: kept.id, note: 'Остаётся' }]);
    expect((await call(t.app, 'GET', p.urls.notes(client.id), { token: p.manager.token })).status).toBe(404);
  });
});
