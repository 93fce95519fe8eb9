import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientBulkEndpoints,
  scenariosEndpoints,
  type ClientBulk,
  type ClientBulkBody,
  type Scenario,
} from '@crm/contract';
import { call, urlOf } from '../../test/api.js';
import { newHolderId } from '../../jobs/scheduler.js';
import { hint, pipelineProject } from '../../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { bulkJob, bulkWorkersDone } from './bulk.job.js';

/**
 * The pipeline project with two stages, a client of the second manager, and what a test reads of
 * the reminders a bulk action makes (the reminders feature's own fixtures are its own).
 */
async function bulkProject(t: TestApp) {
  t.clock.set('2026-07-01T09:00:00Z');
  const p = await pipelineProject(t);
  const stageA = await p.addCategory({ name: 'Новые' });
  const stageB = await p.addCategory({ name: 'Переговоры' });
  const olga = await p.addClient(p.second.token, {
    name: 'Ольга',
    last_name: 'Смирнова',
    category_id: stageA.id,
  });
  const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * 3600_000).toISOString();
  const addScenario = async (body: { event_id: number; title: string }) => {
    const res = await call(t.app, 'POST', urlOf(scenariosEndpoints.list, { projectId: p.owner.projectId }), {
      token: p.admin.token,
      body: {
        event_type: 'client_category_changed',
        description: hint('Подсказка'),
        schedule_for: 24 * 3600,
        remind_before: 30 * 60,
        ...body,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as Scenario;
  };
  const remindersOf = (clientId: number) =>
    t.db
      .selectFrom('client_reminders')
      .select(['title', 'manager_id', 'template_id'])
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute();
  return { ...p, stageA, stageB, olga, inHours, addScenario, remindersOf };
}

type Project = Awaited<ReturnType<typeof bulkProject>>;

async function work(t: TestApp) {
  await bulkJob.run(t.deps, t.clock.now());
  await bulkWorkersDone();
}

describe('bulk actions on clients', () => {
  let t: TestApp;
  let p: Project;
  let url: string;
  const start = (token: string, body: ClientBulkBody) => call(t.app, 'POST', url, { token, body });
  const started = async (token: string, body: ClientBulkBody) => {
    const res = await start(token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as ClientBulk;
  };
  const categoryOf = async (ids: number[]) =>
    new Map(
      (await t.db.selectFrom('clients').select(['id', 'category_id']).where('id', 'in', ids).execute()).map(
        (r) => [r.id, r.category_id],
      ),
    );
  const movesOf = (ids: number[]) =>
    t.db
      .selectFrom('history_events')
      .select(['subject_id', 'actor_id', 'after'])
      .where('kind', '=', 'client_category_changed')
      .where('subject_id', 'in', ids)
      .orderBy('id')
      .execute();
  const addClients = async (token: string, n: number, prefix: string, categoryId = p.stageA.id) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) {
      ids.push(
        (await p.addClient(token, { name: `${prefix}${i}`, last_name: 'Пачкин', category_id: categoryId }))
          .id,
      );
    }
    return ids;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    p = await bulkProject(t);
    url = urlOf(clientBulkEndpoints.start, { projectId: p.owner.projectId });
  });
  afterAll(() => t.close());

  it('moves a selection at once: each client its history entry, and a scenario starts for each', async () => {
    const scenario = await p.addScenario({ event_id: p.stageB.id, title: 'Позвонить после переноса' });
    const ids = await addClients(p.manager.token, 3, 'Мал');
    const bulk = await started(p.manager.token, { action: 'move', category_id: p.stageB.id, ids });
    expect(bulk).toMatchObject({ action: 'move', status: 'done', total: 3, done: 3, skipped: 0 });
    expect([...(await categoryOf(ids)).values()]).toEqual([p.stageB.id, p.stageB.id, p.stageB.id]);
    const moves = await movesOf(ids);
    expect(moves.map((m) => m.subject_id)).toEqual(ids);
    expect(moves.every((m) => m.actor_id === p.manager.id)).toBe(true);
    for (const id of ids) {
      expect((await p.remindersOf(id)).map((r) => r.template_id)).toEqual([scenario.id]);
    }
    // Its stays are written as a single move's (statistics).
    const stays = await t.db
      .selectFrom('client_stage_stays')
      .select('client_id')
      .where('client_id', 'in', ids)
      .execute();
    expect(stays.length).toBeGreaterThanOrEqual(6);
    // The answer is the caller's to read again; nobody else's.
    const mine = urlOf(clientBulkEndpoints.get, { projectId: p.owner.projectId, id: bulk.id });
    expect((await call(t.app, 'GET', mine, { token: p.manager.token })).body.response).toEqual(bulk);
    expect((await call(t.app, 'GET', mine, { token: p.second.token })).status).toBe(404);
  });

  it('refuses as a whole, naming the ids, when any client is another manager’s or another project’s', async () => {
    const own = await addClients(p.manager.token, 2, 'Свой');
    const before = await categoryOf([...own, p.olga.id]);
    const res = await start(p.manager.token, {
      action: 'move',
      category_id: p.stageB.id,
      ids: [...own, p.olga.id],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain(String(p.olga.id));
    expect(Object.keys(res.body.errors)).toEqual(['ids']);
    expect(await categoryOf([...own, p.olga.id])).toEqual(before);

    const stranger = await bulkProject(t);
    const theirs = await stranger.addClient(stranger.admin.token, {
      name: 'Чужой',
      last_name: 'Клиент',
      category_id: stranger.stageA.id,
    });
    const foreign = await start(p.admin.token, { action: 'delete', ids: [own[0]!, theirs.id, 999_999] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toContain(`${theirs.id}, 999999`);
    expect(await categoryOf(own)).toEqual(new Map(own.map((id) => [id, p.stageA.id])));
    expect(await movesOf(own)).toEqual([]);

    // Admins' actions, a foreign stage or manager, the anonymous, another project.
    expect((await start(p.manager.token, { action: 'delete', ids: own })).status).toBe(403);
    expect(
      (await start(p.manager.token, { action: 'reassign', manager_id: p.second.id, ids: own })).status,
    ).toBe(403);
    const badStage = await start(p.manager.token, {
      action: 'move',
      category_id: stranger.stageA.id,
      ids: own,
    });
    expect([badStage.status, Object.keys(badStage.body.errors)]).toEqual([422, ['category_id']]);
    const badOwner = await start(p.admin.token, {
      action: 'reassign',
      manager_id: stranger.manager.id,
      ids: own,
    });
    expect([badOwner.status, Object.keys(badOwner.body.errors)]).toEqual([422, ['manager_id']]);
    expect((await start('', { action: 'delete', ids: own })).status).toBe(401);
    expect((await start(stranger.admin.token, { action: 'delete', ids: own })).status).toBe(404);
    const neither = await start(p.admin.token, { action: 'delete' });
    expect(neither.status).toBe(422);
    const none = await start(p.admin.token, {
      action: 'delete',
      all: true,
      filters: { search: 'никогонет' },
    });
    expect([none.status, Object.keys(none.body.errors)]).toEqual([422, ['filters']]);
    // A reminder's rule refuses as a single one would, and nothing is done.
    const past = await start(p.manager.token, {
      action: 'reminder',
      ids: own,
      reminder: { title: 'Вчера', completion_date: '2020-01-01T10:00:00Z' },
    });
    expect(past.status).toBe(422);
    expect(await p.remindersOf(own[0]!)).toEqual([]);
  });

  it('reassigns, creates a reminder for each and deletes, each as the single action does', async () => {
    const ids = await addClients(p.manager.token, 2, 'Дела');
    await started(p.admin.token, { action: 'reassign', manager_id: p.second.id, ids });
    const owners = await t.db.selectFrom('clients').select('manager_id').where('id', 'in', ids).execute();
    expect(owners.map((o) => o.manager_id)).toEqual([p.second.id, p.second.id]);
    const updated = await p.history('client.updated');
    expect(updated.filter((h) => ids.includes(h.subject_id!)).map((h) => h.message)).toEqual(
      ids.map((_, i) => `Клиент «Дела${i} Пачкин» изменён: менеджер Мария Менеджерова → Пётр Второй`),
    );
    await started(p.second.token, {
      action: 'reminder',
      ids,
      reminder: { title: 'Созвон', completion_date: p.inHours(5) },
    });
    for (const id of ids) {
      expect((await p.remindersOf(id)).map((r) => [r.title, r.manager_id])).toEqual([
        ['Созвон', p.second.id],
      ]);
    }
    expect(
      (await p.history('client_reminder.created')).filter((h) => h.message.includes('Созвон')),
    ).toHaveLength(2);
    await started(p.admin.token, { action: 'delete', ids });
    expect(await categoryOf(ids)).toEqual(new Map());
    expect((await p.history('client.deleted')).filter((h) => ids.includes(h.subject_id!))).toHaveLength(2);
  });

  it("moves into 'Отказ' only with the single move's reason, written into each client's history", async () => {
    const lost = (await p.categories()).find((c) => c.outcome === 'lost')!;
    const ids = await addClients(p.manager.token, 2, 'Отказник');
    const none = await start(p.manager.token, { action: 'move', category_id: lost.id, ids });
    expect([none.status, Object.keys(none.body.errors)]).toEqual([422, ['loss_reason_id']]);
    expect(await movesOf(ids)).toEqual([]);
    await started(p.manager.token, {
      action: 'move',
      category_id: lost.id,
      ids,
      loss_reason_text: 'Ушли к конкурентам',
    });
    const moves = await p.history('client_category_changed');
    const theirs = moves.filter((m) => ids.includes(m.subject_id!));
    expect(theirs).toHaveLength(2);
    expect(theirs.every((m) => m.message.includes('Ушли к конкурентам'))).toBe(true);
  });

  it('runs a large selection in the background by batches, and goes on after a crash', async () => {
    const ids = await addClients(p.second.token, 105, 'Много');
    const bulk = await started(p.admin.token, {
      action: 'move',
      category_id: p.stageB.id,
      all: true,
      filters: { search: 'Много', manager_id: p.second.id },
    });
    expect(bulk).toMatchObject({ status: 'running', total: 105, done: 0 });
    const running = urlOf(clientBulkEndpoints.running, { projectId: p.owner.projectId });
    expect((await call(t.app, 'GET', running, { token: p.admin.token })).body.response).toEqual([bulk]);
    expect((await call(t.app, 'GET', running, { token: p.second.token })).body.response).toEqual([]);
    // A worker of this machine committed the first 40 and died: its lease has time left, its
    // process is gone.
    const first = ids.slice(0, 40);
    await t.db
      .updateTable('client_bulk_items')
      .set({ done: 1 })
      .where('bulk_id', '=', bulk.id)
      .where('client_id', 'in', first)
      .execute();
    await t.db
      .updateTable('client_bulk_actions')
      .set({
        done: 40,
        locked_by: newHolderId().replace(/:(\d+):/, ':999999999:'),
        locked_until: new Date(t.clock.now().getTime() + 60_000).toISOString(),
      })
      .where('id', '=', bulk.id)
      .execute();
    await work(t);
    const get = urlOf(clientBulkEndpoints.get, { projectId: p.owner.projectId, id: bulk.id });
    const finished = (await call(t.app, 'GET', get, { token: p.admin.token })).body.response as ClientBulk;
    expect(finished).toMatchObject({ status: 'done', total: 105, done: 105, skipped: 0 });
    expect(finished.finished_at).not.toBeNull();
    // Only the clients after the committed batch were moved by the new worker.
    const categories = await categoryOf(ids);
    expect(first.every((id) => categories.get(id) === p.stageA.id)).toBe(true);
    expect(ids.slice(40).every((id) => categories.get(id) === p.stageB.id)).toBe(true);
    expect((await movesOf(ids)).map((m) => m.subject_id)).toEqual(ids.slice(40));
  }, 60_000);

  it('leaves every client in one consistent state when bulk actions overlap', async () => {
    const ids = await addClients(p.manager.token, 30, 'Гонка');
    const [a, b] = await Promise.all([
      started(p.admin.token, { action: 'move', category_id: p.stageB.id, ids }),
      started(p.manager.token, { action: 'move', category_id: p.stageA.id, ids: [...ids].reverse() }),
    ]);
    expect([a.status, b.status]).toEqual(['done', 'done']);
    const now = await categoryOf(ids);
    const moves = await movesOf(ids);
    for (const id of ids) {
      // The last move written for the client is where he is.
      const last = moves.filter((m) => m.subject_id === id).at(-1);
      const at = last
        ? (JSON.parse(last.after as string) as { category_id: number }).category_id
        : p.stageA.id;
      expect(now.get(id)).toBe(at);
    }
  }, 60_000);
});
