import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_LIST_MAX, notificationsEndpoints, type NotificationsList } from '@crm/contract';
import { progressionJob } from '../clients/index.js';
import { pipelineProject } from '../test/pipeline-project.js';
import { call, registerOwner, urlOf } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { insertNotifications } from './notifications.repository.js';

const api = notificationsEndpoints;

describe('notifications (docs/product.md §4.11)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  const add = (
    userId: number,
    projectId: number,
    message: string,
    createdAt: string,
    readAt: string | null = null,
  ) =>
    insertNotifications(t.db, [
      {
        user_id: userId,
        project_id: projectId,
        type: 'reminder_due',
        message,
        data: '{}',
        created_at: createdAt,
        read_at: readAt,
      },
    ]);

  it('lists the last day’s and older unread ones of the open project, counts, and marks one or all read', async () => {
    t.clock.set('2026-07-02T12:00:00Z');
    const p = await pipelineProject(t);
    const other = await registerOwner(t.app, 'Второй проект');
    const me = p.manager;
    const projectId = p.owner.projectId;
    await add(me.id, projectId, 'Старое прочитанное', '2026-06-30T10:00:00Z', '2026-06-30T11:00:00Z');
    await add(me.id, projectId, 'Старое непрочитанное', '2026-06-30T09:00:00Z');
    await add(me.id, projectId, 'Вчера вечером', '2026-07-01T18:00:00Z', '2026-07-01T19:00:00Z');
    await add(me.id, projectId, 'Сегодня', '2026-07-02T11:00:00Z');
    await add(me.id, other.projectId, 'Из другого проекта', '2026-07-02T11:30:00Z');
    await add(p.second.id, projectId, 'Чужое', '2026-07-02T11:30:00Z');

    const list = async (query = `?project_id=${projectId}`) =>
      (await call(t.app, 'GET', `${urlOf(api.list)}${query}`, { token: me.token })).body
        .response as NotificationsList;
    const first = await list();
    expect(first.notifications.map((n) => n.message)).toEqual([
      'Сегодня',
      'Вчера вечером',
      'Старое непрочитанное',
    ]);
    expect(first.unread_count).toBe(2);
    expect((await list('')).unread_count).toBe(3);
    const count = await call(t.app, 'GET', `${urlOf(api.unreadCount)}?project_id=${projectId}`, {
      token: me.token,
    });
    expect(count.body.response).toEqual({ unread_count: 2 });

    const today = first.notifications[0]!;
    const one = await call(t.app, 'PUT', urlOf(api.markRead, { id: today.id }), { token: me.token });
    expect(one.status).toBe(200);
    expect(one.body.response).toEqual({ unread_count: 1 });
    expect((await list()).notifications[0]!.read_at).not.toBeNull();
    const all = await call(t.app, 'PUT', `${urlOf(api.markAllRead)}?project_id=${projectId}`, {
      token: me.token,
    });
    expect(all.body.response).toEqual({ unread_count: 0 });
    // The old one, now read, leaves the list; the other project's stays unread.
    expect((await list()).notifications.map((n) => n.message)).toEqual(['Сегодня', 'Вчера вечером']);
    expect((await list('')).unread_count).toBe(1);
  });

  it('keeps each person to his own: another’s notification → 404, anonymous → 401', async () => {
    const p = await pipelineProject(t);
    await add(p.second.id, p.owner.projectId, 'Чужое', t.clock.now().toISOString());
    const [theirs] = await t.db.selectFrom('notifications').select('id').execute();
    const other = await call(t.app, 'PUT', urlOf(api.markRead, { id: theirs!.id }), {
      token: p.manager.token,
    });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Уведомление не найдено');
    for (const [method, url] of [
      ['GET', urlOf(api.list)],
      ['GET', urlOf(api.unreadCount)],
      ['PUT', urlOf(api.markAllRead)],
      ['PUT', urlOf(api.markRead, { id: theirs!.id })],
    ] as const) {
      expect((await call(t.app, method, url)).status, url).toBe(401);
    }
    const [row] = await t.db.selectFrom('notifications').select('read_at').execute();
    expect(row!.read_at).toBeNull();
  });

  it('lists at most NOTIFICATIONS_LIST_MAX, newest first', async () => {
    const p = await pipelineProject(t);
    const base = t.clock.now().getTime();
    await insertNotifications(
      t.db,
      Array.from({ length: NOTIFICATIONS_LIST_MAX + 20 }, (_, i) => ({
        user_id: p.manager.id,
        project_id: p.owner.projectId,
        type: 'reminder_due' as const,
        message: `№${i}`,
        data: '{}',
        created_at: new Date(base - i * 1000).toISOString(),
      })),
    );
    const res = await call(t.app, 'GET', urlOf(api.list), { token: p.manager.token });
    expect(res.body.response.notifications).toHaveLength(NOTIFICATIONS_LIST_MAX);
    expect(res.body.response.notifications[0].message).toBe('№0');
    expect(res.body.response.unread_count).toBe(NOTIFICATIONS_LIST_MAX + 20);
  });

  it('tells the manager when the scheduler moves his client on, and pushes the change to his open pages', async () => {
    const p = await pipelineProject(t);
    const next = await p.addCategory({ name: 'Сделка' });
    const first = await p.addCategory({ name: 'Думает', next_category_id: next.id, duration: 3600 });
    await p.addClient(p.manager.token, { name: 'Иван', last_name: 'Петров', category_id: first.id });
    // The bell's pushes (the board's `clients.changed` goes on the same channel).
    const pushed: unknown[] = [];
    await t.deps.publisher.subscribe(`user:${p.manager.id}`, (m) => {
      if (m.type === 'notifications.changed') pushed.push(m);
    });
    t.clock.advance(3600_000 + 1000);
    await progressionJob.run(t.deps, t.clock.now());
    const res = await call(t.app, 'GET', urlOf(api.list), { token: p.manager.token });
    expect(
      res.body.response.notifications.map((n: { type: string; message: string }) => [n.type, n.message]),
    ).toEqual([['client_moved', 'Клиент Иван Петров автоматически перешёл в категорию «Сделка»']]);
    expect(pushed).toEqual([{ type: 'notifications.changed', payload: { project_id: p.owner.projectId } }]);

    // Read in one tab: his other pages are told too.
    await call(t.app, 'PUT', `${urlOf(api.markAllRead)}?project_id=${p.owner.projectId}`, {
      token: p.manager.token,
    });
    expect(pushed).toHaveLength(2);
    const one = await call(t.app, 'PUT', urlOf(api.markRead, { id: res.body.response.notifications[0].id }), {
      token: p.manager.token,
    });
    expect(one.body.response).toEqual({ unread_count: 0 });
    expect(pushed).toHaveLength(3);
  });
});
