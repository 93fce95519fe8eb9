import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE, historyEndpoints, remindersEndpoints, type HistoryAnswer } from '@crm/contract';
import { call, registerOwner, urlOf } from '../test/api.js';
import { pipelineProject } from '../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/** Two managers with a client each, and a way to add reminders: entries of several kinds. */
async function remindersProject(t: TestApp, start = '2026-07-01T09:00:00Z') {
  t.clock.set(start);
  const p = await pipelineProject(t);
  const stage = await p.addCategory({ name: 'Новые' });
  const ivan = await p.addClient(p.manager.token, {
    name: 'Иван',
    last_name: 'Петров',
    category_id: stage.id,
  });
  const olga = await p.addClient(p.second.token, {
    name: 'Ольга',
    last_name: 'Смирнова',
    category_id: stage.id,
  });
  const addReminder = async (token: string, clientId: number, body: { title: string }) => {
    const url = urlOf(remindersEndpoints.create, { projectId: p.owner.projectId, clientId });
    const due = new Date(t.clock.now().getTime() + 3 * 3600_000).toISOString();
    const res = await call(t.app, 'POST', url, { token, body: { completion_date: due, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  return { ...p, ivan, olga, addReminder };
}

describe('reading the history (docs/product.md §9.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const read = async (projectId: number, token: string, query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const res = await call(
      t.app,
      'GET',
      `${urlOf(historyEndpoints.list, { projectId })}${qs ? `?${qs}` : ''}`,
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as HistoryAnswer;
  };

  it('admins read everything newest first; a manager only what is about his own clients', async () => {
    const p = await remindersProject(t);
    const projectId = p.owner.projectId;
    await p.addReminder(p.manager.token, p.ivan.id, { title: 'Позвонить Ивану' });
    await p.addReminder(p.second.token, p.olga.id, { title: 'Написать Ольге' });

    const all = await read(projectId, p.admin.token);
    expect(all.data[0]).toMatchObject({
      kind: 'client_reminder.created',
      subject_type: 'client_reminder',
      client_id: p.olga.id,
      actor: { id: p.second.id, name: 'Пётр Второй' },
      impersonator: null,
    });
    expect(all.data[0]!.message).toContain('«Написать Ольге»');
    const ids = all.data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.data.map((e) => e.kind)).toContain('client_category.created');

    const mine = await read(projectId, p.manager.token);
    expect(mine.data.map((e) => [e.kind, e.client_id])).toEqual([
      ['client_reminder.created', p.ivan.id],
      ['client.created', p.ivan.id],
    ]);
  });

  it('filters by person, kind of entity, client and the project’s days', async () => {
    const p = await remindersProject(t, '2026-07-01T09:00:00Z');
    const projectId = p.owner.projectId;
    t.clock.set('2026-07-02T21:30:00Z'); // 3 July in Moscow (UTC+3), the project's zone by default
    await p.addReminder(p.manager.token, p.ivan.id, { title: 'Поздний звонок' });

    const byManager = await read(projectId, p.admin.token, { user_id: p.manager.id });
    expect(byManager.data.every((e) => e.actor?.id === p.manager.id)).toBe(true);
    expect(byManager.data.map((e) => e.kind)).toEqual(['client_reminder.created', 'client.created']);

    const reminders = await read(projectId, p.admin.token, { subject_type: 'client_reminder' });
    expect(reminders.data.map((e) => e.subject_type)).toEqual(['client_reminder']);
    const olga = await read(projectId, p.admin.token, { client_id: p.olga.id });
    expect(olga.data.map((e) => e.kind)).toEqual(['client.created']);

    const timezone = (
      await t.db
        .selectFrom('projects')
        .select('timezone')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).timezone;
    expect(timezone).toBe('Europe/Moscow');
    expect(
      (await read(projectId, p.admin.token, { from: '2026-07-03', to: '2026-07-03' })).data.map(
        (e) => e.kind,
      ),
    ).toEqual(['client_reminder.created']);
    expect(
      (await read(projectId, p.admin.token, { to: '2026-07-02' })).data.map((e) => e.kind),
    ).not.toContain('client_reminder.created');
  });

  it('pages back by time and id with a cursor: every entry once, in order', async () => {
    const p = await remindersProject(t);
    for (let i = 0; i < HISTORY_PAGE_SIZE + 10; i++) {
      await p.addReminder(p.manager.token, p.ivan.id, { title: `Звонок ${i}` });
    }
    const first = await read(p.owner.projectId, p.manager.token);
    expect(first.data).toHaveLength(HISTORY_PAGE_SIZE);
    const last = first.data.at(-1)!;
    expect(first.next_before).toBe(`${last.created_at}~${last.id}`);
    const second = await read(p.owner.projectId, p.manager.token, { before: first.next_before! });
    // The rest of the reminders and the client's creation.
    expect(second.data).toHaveLength(11);
    expect(second.next_before).toBeNull();
    const seen = [...first.data, ...second.data];
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    const order = (e: HistoryAnswer['data'][number]) => `${e.created_at}~${String(e.id).padStart(12, '0')}`;
    expect(seen.map(order)).toEqual(seen.map(order).sort().reverse());
  });

  it('entries of the same moment page by id, none lost or repeated', async () => {
    const p = await remindersProject(t);
    const at = '2026-07-01T12:00:00.000Z';
    await t.db
      .insertInto('history_events')
      .values(
        Array.from({ length: HISTORY_PAGE_SIZE + 20 }, (_, i) => ({
          project_id: p.owner.projectId,
          actor_id: p.admin.id,
          impersonator_id: null,
          kind: 'project.updated',
          subject_type: 'project',
          subject_id: p.owner.projectId,
          client_id: null,
          message: `Одновременно ${i}`,
          before: null,
          after: null,
          created_at: at,
        })),
      )
      .execute();
    const query = { from: '2026-07-01', to: '2026-07-01', subject_type: 'project' };
    const first = await read(p.owner.projectId, p.admin.token, query);
    expect(first.data).toHaveLength(HISTORY_PAGE_SIZE);
    const second = await read(p.owner.projectId, p.admin.token, { ...query, before: first.next_before! });
    const ids = [...first.data, ...second.data].map((e) => e.id);
    expect(ids).toHaveLength(HISTORY_PAGE_SIZE + 20);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(second.next_before).toBeNull();
  });

  it('refusals: anonymous 401, another project 404, bad filters 422', async () => {
    const p = await remindersProject(t);
    const url = urlOf(historyEndpoints.list, { projectId: p.owner.projectId });
    expect((await call(t.app, 'GET', url)).status).toBe(401);
    const outsider = await registerOwner(t.app, 'Чужой');
    expect((await call(t.app, 'GET', url, { token: outsider.token })).status).toBe(404);
    for (const [query, field] of [
      ['from=03.07.2026', 'from'],
      ['subject_type=secret', 'subject_type'],
      ['before=abc', 'before'],
      ['before=123', 'before'],
    ] as const) {
      const res = await call(t.app, 'GET', `${url}?${query}`, { token: p.admin.token });
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
  });
});
