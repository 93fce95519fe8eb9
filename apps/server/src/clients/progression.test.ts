import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '@crm/contract';
import { createScheduler } from '../jobs/scheduler.js';
import { call } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { pipelineProject } from '../test/pipeline-project.js';
import { progressionJob } from './progression.job.js';

const HOUR = 3600_000;

describe('automatic category progression (docs/product.md §7.1)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  const at = (base: string, ms: number) => new Date(new Date(base).getTime() + ms);

  it('moves clients who stayed the duration on to the next category, by the clock, with no actor in the history', async () => {
    const p = await pipelineProject(t);
    const c = await p.addCategory({ name: 'Сделка' });
    const b = await p.addCategory({ name: 'Думает', next_category_id: c.id, duration: 2 * 3600 });
    const a = await p.addCategory({ name: 'Новые', next_category_id: b.id, duration: 3600 });
    const stays = await p.addCategory({ name: 'Архив', duration: 3600 });
    const t0 = '2026-07-01T10:00:00Z';
    t.clock.set(t0);
    const ivan = await p.addClient(p.manager.token, { name: 'Иван', last_name: 'Петров', category_id: a.id });
    const olga = await p.addClient(p.second.token, {
      name: 'Ольга',
      last_name: 'Смирнова',
      category_id: a.id,
    });
    const archived = await p.addClient(p.manager.token, {
      name: 'Пётр',
      last_name: 'Архивов',
      category_id: stays.id,
    });
    const done = await p.addClient(p.manager.token, {
      name: 'Анна',
      last_name: 'Сделкина',
      category_id: c.id,
    });
    const scheduler = createScheduler(t.deps, [progressionJob], 'instance-a');
    const categoryOf = async (client: Client) =>
      (await call(t.app, 'GET', p.urls.client(client.id), { token: p.admin.token })).body.response
        .category_id;

    // A second short of the hour: nobody moves.
    t.clock.set(at(t0, HOUR - 1000));
    expect(await scheduler.runDue()).toEqual({ 'clients.progress': 0 });
    expect(await categoryOf(ivan)).toBe(a.id);

    // The next pass (a minute later) finds both due.
    t.clock.set(at(t0, HOUR + 60_000));
    expect(await scheduler.runDue()).toEqual({ 'clients.progress': 2 });
    expect([
      await categoryOf(ivan),
      await categoryOf(olga),
      await categoryOf(archived),
      await categoryOf(done),
    ]).toEqual([b.id, b.id, stays.id, c.id]);
    const moved = (await call(t.app, 'GET', p.urls.client(ivan.id), { token: p.admin.token })).body
      .response as Client;
    expect(moved.category_entered_at.slice(0, 16)).toBe('2026-07-01T11:01');
    const history = await p.history('client_category_changed');
    expect(history.map((h) => [h.actor_id, h.impersonator_id, h.message])).toEqual([
      [
        null,
        null,
        'Клиент «Иван Петров» автоматически переведён из «Новые» в «Думает»: прошло 1 ч в категории «Новые»',
      ],
      [
        null,
        null,
        'Клиент «Ольга Смирнова» автоматически переведён из «Новые» в «Думает»: прошло 1 ч в категории «Новые»',
      ],
    ]);
    const events = await t.db
      .selectFrom('history_events')
      .select('created_at')
      .where('project_id', '=', p.owner.projectId)
      .where('kind', '=', 'client_category_changed')
      .execute();
    expect(events.every((e) => e.created_at.startsWith('2026-07-01T11:01'))).toBe(true);

    // The time in the next category counts from the move: two hours later, not earlier.
    t.clock.set(at(t0, 3 * HOUR));
    expect(await scheduler.runDue()).toEqual({ 'clients.progress': 0 });
    // A manual move into "Думает" restarts its clock for that client.
    await call(t.app, 'PUT', p.urls.moveClient(ivan.id), {
      token: p.manager.token,
      body: { category_id: a.id },
    });
    await call(t.app, 'PUT', p.urls.moveClient(ivan.id), {
      token: p.manager.token,
      body: { category_id: b.id },
    });
    t.clock.set(at(t0, 3 * HOUR + 2 * 60_000));
    expect(await scheduler.runDue()).toEqual({ 'clients.progress': 1 });
    expect([await categoryOf(ivan), await categoryOf(olga)]).toEqual([b.id, c.id]);
    t.clock.set(at(t0, 5 * HOUR + 5 * 60_000));
    expect(await scheduler.runDue()).toEqual({ 'clients.progress': 1 });
    expect(await categoryOf(ivan)).toBe(c.id);
    // "Сделка" leads nowhere and "Архив" has no next category: they stay for good.
    t.clock.set(at(t0, 100 * HOUR));
    expect(await scheduler.runDue()).toEqual({ 'clients.progress': 0 });
    expect(await categoryOf(archived)).toBe(stays.id);
  });

  it('stops when the category loses its duration or its next category', async () => {
    const p = await pipelineProject(t);
    const b = await p.addCategory({ name: 'Думает' });
    const a = await p.addCategory({ name: 'Новые', next_category_id: b.id, duration: 60 });
    t.clock.set('2026-07-02T10:00:00Z');
    const client = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: a.id,
    });
    await call(t.app, 'PUT', p.urls.category(a.id), {
      token: p.admin.token,
      body: { name: 'Новые', duration: 0 },
    });
    t.clock.set('2026-07-02T12:00:00Z');
    expect(await progressionJob.run(t.deps, t.clock.now())).toBe(0);
    await call(t.app, 'PUT', p.urls.category(a.id), {
      token: p.admin.token,
      body: { name: 'Новые', duration: 60, next_category_id: null },
    });
    expect(await progressionJob.run(t.deps, t.clock.now())).toBe(0);
    await call(t.app, 'PUT', p.urls.category(a.id), {
      token: p.admin.token,
      body: { name: 'Новые', next_category_id: b.id },
    });
    expect(await progressionJob.run(t.deps, t.clock.now())).toBe(1);
    const read = await call(t.app, 'GET', p.urls.client(client.id), { token: p.manager.token });
    expect(read.body.response.category_id).toBe(b.id);
  });

  it('two instances never move a client twice: the lease keeps one pass at a time, and each client is claimed by one conditional update', async () => {
    const p = await pipelineProject(t);
    const b = await p.addCategory({ name: 'Думает' });
    const a = await p.addCategory({ name: 'Новые', next_category_id: b.id, duration: 60 });
    const t0 = '2026-07-03T10:00:00Z';
    t.clock.set(t0);
    const batch = async () => {
      const ids: number[] = [];
      for (let i = 0; i < 15; i += 1) {
        ids.push(
          (await p.addClient(p.manager.token, { name: `Клиент${i}`, last_name: 'Тестов', category_id: a.id }))
            .id,
        );
      }
      return ids;
    };
    const first = await batch();

    // Two schedulers on one database at the same moment: one of them runs the job.
    t.clock.set(at(t0, 120_000));
    const [x, y] = await Promise.all([
      createScheduler(t.deps, [progressionJob], 'instance-a').runDue(),
      createScheduler(t.deps, [progressionJob], 'instance-b').runDue(),
    ]);
    expect((x['clients.progress'] ?? 0) + (y['clients.progress'] ?? 0)).toBe(first.length);
    expect(Object.keys(x).length + Object.keys(y).length).toBe(1);

    // Even two passes at once (the lease bypassed) move each client once.
    const second = await batch();
    t.clock.set(at(t0, 240_000));
    const now = t.clock.now();
    const counts = await Promise.all([
      progressionJob.run(t.deps, now),
      progressionJob.run(t.deps, now),
      progressionJob.run(t.deps, now),
    ]);
    expect(counts.reduce((s, n) => s + n, 0)).toBe(second.length);

    const rows = await t.db
      .selectFrom('clients')
      .select(['id', 'category_id'])
      .where('project_id', '=', p.owner.projectId)
      .execute();
    expect(rows.every((r) => r.category_id === b.id)).toBe(true);
    const history = await p.history('client_category_changed');
    expect(history).toHaveLength(first.length + second.length);
    expect(new Set(history.map((h) => h.subject_id)).size).toBe(first.length + second.length);
  });
});
