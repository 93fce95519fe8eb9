import { afterEach, describe, expect, it } from 'vitest';
import { notificationsEndpoints, type NotificationsList } from '@crm/contract';
import { createScheduler } from '../jobs/scheduler.js';
import { call, urlOf } from '../test/api.js';
import { buildTestApp, buildTwin, testDialect, type TestApp } from '../test/test-app.js';
import { dueRemindersJob } from './due.job.js';
import { HOUR, remindersProject } from './reminders.fixtures.js';

const notificationsOf = async (t: TestApp, token: string, projectId: number) =>
  (await call(t.app, 'GET', `${urlOf(notificationsEndpoints.list)}?project_id=${projectId}`, { token })).body
    .response as NotificationsList;

describe('the due-reminders job (docs/product.md §7.2, §7.4)', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  // The project's zone is Europe/Moscow (UTC+3): the sentences read its wall clock.
  it('notifies at the notice moment, once; expires past-due reminders as the system, and tells the manager', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const p = await remindersProject(t, '2026-07-01T09:00:00Z');
    const a = await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Звонок',
      completion_date: '2026-07-01T12:00:00Z',
      remind_before: 60,
    });
    const b = await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Без уведомления',
      completion_date: '2026-07-01T10:00:00Z',
    });
    const done = await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Сделано',
      completion_date: '2026-07-01T10:00:00Z',
    });
    await call(t.app, 'POST', p.r.complete(done.id), { token: p.manager.token });
    const scheduler = createScheduler(t.deps, [dueRemindersJob]);

    expect(await scheduler.runDue()).toEqual({ 'reminders.due': 0 });
    t.clock.set('2026-07-01T10:30:00Z');
    expect(await scheduler.runDue()).toEqual({ 'reminders.due': 1 }); // b expired
    t.clock.set('2026-07-01T11:00:30Z');
    expect(await scheduler.runDue()).toEqual({ 'reminders.due': 1 }); // a's notice
    t.clock.set('2026-07-01T11:02:00Z');
    expect(await scheduler.runDue()).toEqual({ 'reminders.due': 0 }); // nothing twice
    expect((await p.getReminder(p.manager.token, b.id)).status).toBe('expired');
    expect((await p.getReminder(p.manager.token, a.id)).status).toBe('pending');
    expect((await p.getReminder(p.manager.token, done.id)).status).toBe('completed');

    const mine = await notificationsOf(t, p.manager.token, p.owner.projectId);
    expect(mine.unread_count).toBe(2);
    expect(mine.notifications.map((n) => [n.type, n.message, n.data.client_reminder?.id])).toEqual([
      ['reminder_due', 'Напоминание «Звонок»: клиент Иван Петров, срок 01.07.2026 15:00', a.id],
      [
        'reminder_expired',
        'Просрочено напоминание «Без уведомления» (клиент Иван Петров, срок 01.07.2026 13:00)',
        b.id,
      ],
    ]);
    expect((await notificationsOf(t, p.second.token, p.owner.projectId)).notifications).toEqual([]);
    const expired = await p.history('client_reminder.expired');
    expect(expired.map((h) => [h.actor_id, h.subject_id, h.message])).toEqual([
      [
        null,
        b.id,
        'Напоминание «Без уведомления» по клиенту «Иван Петров» просрочено (срок 01.07.2026 13:00)',
      ],
    ]);
  });

  it('finds after a restart what fell due while the server was down, in batches', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const p = await remindersProject(t, '2026-07-01T09:00:00Z');
    const rows = Array.from({ length: 2_100 }, (_, i) => ({
      project_id: p.owner.projectId,
      client_id: p.ivan.id,
      manager_id: p.manager.id,
      template_id: null,
      trigger_type: null,
      trigger_id: null,
      title: `№${i}`,
      status: 'pending' as const,
      completion_date: new Date(Date.parse('2026-07-01T10:00:00Z') + i * 1000).toISOString(),
      remind_before: 30,
      notify_at: new Date(Date.parse('2026-07-01T09:30:00Z') + i * 1000).toISOString(),
      notified_at: null,
      comments: '[]',
      description: '',
      status_changed_at: '2026-07-01T09:00:00Z',
      created_at: '2026-07-01T09:00:00Z',
      updated_at: '2026-07-01T09:00:00Z',
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('client_reminders')
        .values(rows.slice(i, i + 500))
        .execute();
    // A new instance (nothing in memory) an hour later: all are past due; none gets a "soon" notice.
    t.clock.set('2026-07-01T11:00:00Z');
    expect(await createScheduler(t.deps, [dueRemindersJob], 'after-restart').runDue()).toEqual({
      'reminders.due': 2_100,
    });
    const counts = await t.db
      .selectFrom('client_reminders')
      .select(['status', (eb) => eb.fn.countAll().as('n')])
      .groupBy('status')
      .execute();
    expect(counts.map((c) => [c.status, Number(c.n)])).toEqual([['expired', 2_100]]);
    expect((await notificationsOf(t, p.manager.token, p.owner.projectId)).unread_count).toBe(2_100);
    expect(await p.history('client_reminder.expired')).toHaveLength(2_100);
  });

  // Several instances are a PostgreSQL set-up (docs/product.md §11.3); SQLite serves one.
  it.runIf(testDialect === 'postgres')(
    'two instances on one PostgreSQL database never double a notice or an expiry',
    async () => {
      const t = await buildTestApp();
      apps.push(t);
      const twin = await buildTwin(t);
      apps.push(twin);
      const p = await remindersProject(t, '2026-07-01T09:00:00Z');
      for (let i = 0; i < 40; i += 1) {
        await p.addReminder(p.manager.token, p.ivan.id, {
          title: `Напоминание ${i}`,
          completion_date: new Date(Date.parse('2026-07-01T10:00:00Z') + i * 60_000).toISOString(),
          remind_before: 45,
        });
      }
      // At 10:20: 20 are past due (expire), the other 20 are inside their 45 minutes (notice).
      t.clock.set('2026-07-01T10:19:30Z');
      // Both instances run a pass at once (the job itself, past the scheduler's lease).
      const [one, two] = await Promise.all([
        dueRemindersJob.run(t.deps, t.clock.now()),
        dueRemindersJob.run(twin.deps, t.clock.now()),
      ]);
      expect(one + two).toBe(40);
      const notes = await t.db.selectFrom('notifications').select(['type', 'data']).execute();
      expect(notes).toHaveLength(40);
      const ids = notes.map(
        (n) => (JSON.parse(n.data) as { client_reminder: { id: number } }).client_reminder.id,
      );
      expect(new Set(ids).size).toBe(40);
      expect(notes.filter((n) => n.type === 'reminder_expired')).toHaveLength(20);
      expect(await p.history('client_reminder.expired')).toHaveLength(20);
      // The second instance reads the same state through its own API.
      const answer = await call(
        twin.app,
        'GET',
        `${urlOf(notificationsEndpoints.unreadCount)}?project_id=${p.owner.projectId}`,
        {
          token: p.manager.token,
        },
      );
      expect(answer.body.response).toEqual({ unread_count: 40 });
      expect(HOUR).toBe(3600_000);
    },
  );
});
