import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  historyEndpoints,
  remindersEndpoints,
  statisticsEndpoints,
  statusesEndpoints,
  teamEndpoints,
  type ClientReminder,
  type StatisticsAnswer,
} from '@crm/contract';
import { createScheduler } from '../jobs/scheduler.js';
import { dueRemindersJob } from '../reminders/index.js';
import { call, registerOwner, urlOf } from '../test/api.js';
import { userIdOf } from '../test/members.js';
import { pipelineProject } from '../test/pipeline-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

const HOUR = 3600;

/**
 * The figures of the ordinary stages: the project's 'Успех' and 'Отказ' stages, empty here, are
 * left out of the per-stage lists (statistics-outcomes.test.ts reads them).
 */
function ordinaryStages(s: StatisticsAnswer): StatisticsAnswer {
  const ordinary = new Set(s.categories.filter((c) => c.outcome === null).map((c) => c.id));
  const keep = <T extends { category_id: number }>(rows: T[]) =>
    rows.filter((r) => ordinary.has(r.category_id));
  return {
    ...s,
    categories: s.categories.filter((c) => ordinary.has(c.id)),
    funnel: keep(s.funnel),
    category_amounts: keep(s.category_amounts),
    stage_time: keep(s.stage_time),
    goals: s.goals.map((g) => ({ ...g, categories: keep(g.categories) })),
  };
}

/**
 * Three stages and three clients walked through them on 1 July 2026 (Moscow, the project's zone):
 * Иван (manager, 1 000) A → B → C → A, Ольга (manager, 2 000) A → B, Пётр (second, 500) stays in A.
 */
async function walkedProject(t: TestApp) {
  t.clock.set('2026-07-01T09:00:00Z');
  const p = await pipelineProject(t);
  const projectId = p.owner.projectId;
  const a = await p.addCategory({ name: 'Заявка' });
  const b = await p.addCategory({ name: 'Встреча' });
  const c = await p.addCategory({ name: 'Сделка' });
  // The test clock runs on from where it is set: set again right before each timed change.
  t.clock.set('2026-07-01T09:00:00Z');
  const ivan = await p.addClient(p.manager.token, {
    name: 'Иван',
    last_name: 'И',
    category_id: a.id,
    amount: 1000,
  });
  t.clock.set('2026-07-01T09:00:00Z');
  const olga = await p.addClient(p.manager.token, {
    name: 'Ольга',
    last_name: 'О',
    category_id: a.id,
    amount: 2000,
  });
  t.clock.set('2026-07-01T09:00:00Z');
  const petr = await p.addClient(p.second.token, {
    name: 'Пётр',
    last_name: 'П',
    category_id: a.id,
    amount: 500,
  });
  const move = async (at: string, clientId: number, categoryId: number) => {
    t.clock.set(at);
    const res = await call(t.app, 'PUT', p.urls.moveClient(clientId), {
      token: p.admin.token,
      body: { category_id: categoryId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  await move('2026-07-01T10:00:00Z', ivan.id, b.id); // A: 1 h
  await move('2026-07-01T12:00:00Z', olga.id, b.id); // A: 3 h
  await move('2026-07-01T13:00:00Z', ivan.id, c.id); // B: 3 h
  await move('2026-07-01T14:00:00Z', ivan.id, a.id); // C: 1 h, and A once more

  const read = async (token: string, query: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    return call(t.app, 'GET', `${urlOf(statisticsEndpoints.get, { projectId })}?${qs.toString()}`, { token });
  };
  const stats = async (token: string, query: Record<string, string | number>) => {
    const res = await read(token, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ordinaryStages(res.body.response as StatisticsAnswer);
  };
  const addReminder = async (token: string, clientId: number, due: string) => {
    const res = await call(t.app, 'POST', urlOf(remindersEndpoints.create, { projectId, clientId }), {
      token,
      body: { title: 'Позвонить', completion_date: due },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as ClientReminder;
  };
  const endReminder = async (token: string, id: number, how: 'complete' | 'cancel') => {
    const res = await call(t.app, 'POST', urlOf(remindersEndpoints[how], { projectId, id }), { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  return { ...p, projectId, a, b, c, ivan, olga, petr, move, read, stats, addReminder, endReminder };
}

describe('statistics (docs/product.md §9.2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('conversion is the share of a stage’s entrants that went further, a skipped stage included: never over 100 %', async () => {
    const p = await walkedProject(t);
    // 3 July: Анна stays in 'Заявка', Борис leaps from it to 'Сделка', and three clients start
    // in 'Встреча' without passing 'Заявка' (counted as next over this, that gave 150 %).
    const add = async (name: string, categoryId: number) => {
      t.clock.set('2026-07-03T09:00:00Z');
      return p.addClient(p.manager.token, { name, last_name: 'Т', category_id: categoryId });
    };
    await add('Анна', p.a.id);
    const boris = await add('Борис', p.a.id);
    for (const name of ['Вера', 'Глеб', 'Дарья']) await add(name, p.b.id);
    await p.move('2026-07-03T11:00:00Z', boris.id, p.c.id);
    // A move after the period is not counted in it.
    const later = await add('Ефим', p.a.id);
    await p.move('2026-07-04T09:00:00Z', later.id, p.b.id);

    for (const token of [p.admin.token, p.manager.token]) {
      const s = await p.stats(token, { from: '2026-07-03', to: '2026-07-03' });
      expect(s.funnel).toEqual([
        { category_id: p.a.id, entered: 3, conversion: 1 / 3 },
        { category_id: p.b.id, entered: 3, conversion: 0 },
        // The last ordinary stage leads on to 'Успех' (none won here).
        { category_id: p.c.id, entered: 1, conversion: 0 },
      ]);
    }
    const both = await p.stats(p.admin.token, { from: '2026-07-03', to: '2026-07-04' });
    expect(both.funnel.map((f) => [f.entered, f.conversion])).toEqual([
      [3, 2 / 3],
      [4, 0],
      [1, 0],
    ]);
  });

  it('the funnel counts first entries into each stage, with conversion; amounts of the new clients by stage', async () => {
    const p = await walkedProject(t);
    const s = await p.stats(p.admin.token, { from: '2026-07-01', to: '2026-07-01' });
    expect(s.manager_id).toBeNull();
    expect(s.categories.map((c) => c.name)).toEqual(['Заявка', 'Встреча', 'Сделка']);
    // Иван came back to 'Заявка': not a first entry, counted once.
    expect(s.funnel).toEqual([
      { category_id: p.a.id, entered: 3, conversion: 2 / 3 },
      { category_id: p.b.id, entered: 2, conversion: 1 / 2 },
      { category_id: p.c.id, entered: 1, conversion: 0 },
    ]);
    expect(s.category_amounts).toEqual([
      { category_id: p.a.id, clients: 2, amount: 1500 },
      { category_id: p.b.id, clients: 1, amount: 2000 },
      { category_id: p.c.id, clients: 0, amount: 0 },
    ]);
    // Nothing happened on the next days.
    const later = await p.stats(p.admin.token, { from: '2026-07-02', to: '2026-07-05' });
    expect(later.funnel.map((f) => f.entered)).toEqual([0, 0, 0]);
    expect(later.funnel.map((f) => f.conversion)).toEqual([null, null, null]);
    expect(later.category_amounts.map((a) => a.clients)).toEqual([0, 0, 0]);

    // On 2 July Ольга goes back to 'Заявка' (been there), Пётр on to 'Встреча' (new to him).
    await p.move('2026-07-02T09:00:00Z', p.olga.id, p.a.id);
    await p.move('2026-07-02T10:00:00Z', p.petr.id, p.b.id);
    const second = await p.stats(p.admin.token, { from: '2026-07-02', to: '2026-07-02' });
    expect(second.funnel.map((f) => f.entered)).toEqual([0, 1, 0]);

    const mine = await p.stats(p.manager.token, { from: '2026-07-01', to: '2026-07-01' });
    expect(mine.manager_id).toBe(p.manager.id);
    expect(mine.funnel.map((f) => f.entered)).toEqual([2, 2, 1]);
    // Both of hers are back in 'Заявка' by now: where they are now is what counts.
    expect(mine.category_amounts.map((a) => [a.clients, a.amount])).toEqual([
      [2, 3000],
      [0, 0],
      [0, 0],
    ]);
  });

  it('time in stage: median and 90th percentile of the stays that ended in the period', async () => {
    const p = await walkedProject(t);
    const s = await p.stats(p.admin.token, { from: '2026-07-01', to: '2026-07-01' });
    expect(s.stage_time).toEqual([
      // A: Иван 1 h, Ольга 3 h; continuous percentiles lie between them (1 h + p·2 h).
      { category_id: p.a.id, stays: 2, median_seconds: 2 * HOUR, p90_seconds: 2.8 * HOUR },
      { category_id: p.b.id, stays: 1, median_seconds: 3 * HOUR, p90_seconds: 3 * HOUR },
      { category_id: p.c.id, stays: 1, median_seconds: HOUR, p90_seconds: HOUR },
    ]);
    // Ten more stays in C of 1..10 h: of the 11 sorted, the median is the 6th (5 h), the p90 the
    // 10th (9 h); of the second manager's ten, 5.5 h and 9.1 h.
    for (let i = 1; i <= 10; i++) {
      const client = await p.addClient(p.second.token, {
        name: `К${i}`,
        last_name: 'К',
        category_id: p.c.id,
      });
      await p.move(new Date(t.clock.now().getTime() + i * HOUR * 1000).toISOString(), client.id, p.a.id);
    }
    const wider = await p.stats(p.admin.token, { from: '2026-07-01', to: '2026-07-10' });
    expect(wider.stage_time[2]).toEqual({
      category_id: p.c.id,
      stays: 11,
      median_seconds: 5 * HOUR,
      p90_seconds: 9 * HOUR,
    });
    const second = await p.stats(p.admin.token, {
      from: '2026-07-01',
      to: '2026-07-10',
      manager_id: p.second.id,
    });
    expect(second.stage_time[2]).toMatchObject({
      stays: 10,
      median_seconds: 5.5 * HOUR,
      p90_seconds: 9.1 * HOUR,
    });
  });

  it('new clients per day of the project’s zone, and per month over a long period', async () => {
    const p = await walkedProject(t);
    t.clock.set('2026-07-01T21:30:00Z'); // 2 July, 00:30 in Moscow
    await p.addClient(p.manager.token, { name: 'Ночной', last_name: 'Н', category_id: p.a.id, amount: 700 });
    const s = await p.stats(p.admin.token, { from: '2026-06-30', to: '2026-07-02' });
    expect(s.granularity).toBe('day');
    expect(s.new_clients).toEqual([
      { bucket: '2026-06-30', clients: 0, amount: 0 },
      { bucket: '2026-07-01', clients: 3, amount: 3500 },
      { bucket: '2026-07-02', clients: 1, amount: 700 },
    ]);
    const year = await p.stats(p.admin.token, { from: '2026-01-15', to: '2026-07-31' });
    expect(year.granularity).toBe('month');
    expect(year.new_clients.map((b) => b.bucket)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
    ]);
    expect(year.new_clients.at(-1)).toEqual({ bucket: '2026-07', clients: 4, amount: 4200 });
  });

  it('a zone off the whole hour folds clients into its own days (quarter-hour slots)', async () => {
    const p = await walkedProject(t);
    const put = await call(t.app, 'PUT', `/api/v1/projects/${p.projectId}`, {
      token: p.owner.token,
      body: { name: 'Воронка', timezone: 'Asia/Kolkata' },
    });
    expect(put.status).toBe(200);
    t.clock.set('2026-07-01T18:40:00Z'); // 00:10 on 2 July in India (UTC+5:30)
    await p.addClient(p.manager.token, { name: 'Полночь', last_name: 'П', category_id: p.a.id, amount: 1 });
    t.clock.set('2026-07-01T18:20:00Z'); // 23:50 on 1 July
    await p.addClient(p.manager.token, { name: 'Вечер', last_name: 'В', category_id: p.a.id, amount: 2 });
    const s = await p.stats(p.admin.token, { from: '2026-07-01', to: '2026-07-02' });
    expect(s.new_clients).toEqual([
      { bucket: '2026-07-01', clients: 4, amount: 3502 },
      { bucket: '2026-07-02', clients: 1, amount: 1 },
    ]);
  });

  it('reminders that ended in the period, per manager', async () => {
    const p = await walkedProject(t);
    t.clock.set('2026-07-01T15:00:00Z');
    const done = await p.addReminder(p.manager.token, p.ivan.id, '2026-07-01T18:00:00Z');
    const dropped = await p.addReminder(p.manager.token, p.olga.id, '2026-07-01T18:00:00Z');
    const late = await p.addReminder(p.manager.token, p.olga.id, '2026-07-01T16:00:00Z');
    const petrs = await p.addReminder(p.second.token, p.petr.id, '2026-07-01T18:00:00Z');
    await p.addReminder(p.second.token, p.petr.id, '2026-07-01T19:00:00Z'); // still pending
    await p.endReminder(p.manager.token, done.id, 'complete');
    await p.endReminder(p.manager.token, dropped.id, 'cancel');
    await p.endReminder(p.second.token, petrs.id, 'complete');
    t.clock.set('2026-07-01T16:30:00Z');
    await createScheduler(t.deps, [dueRemindersJob]).runDue();
    expect(
      (
        await t.db
          .selectFrom('client_reminders')
          .select('status')
          .where('id', '=', late.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('expired');

    const s = await p.stats(p.admin.token, { from: '2026-07-01', to: '2026-07-01' });
    expect(s.reminders).toEqual([
      {
        manager: { id: p.manager.id, name: 'Мария Менеджерова' },
        former: false,
        completed: 1,
        expired: 1,
        canceled: 1,
      },
      {
        manager: { id: p.second.id, name: 'Пётр Второй' },
        former: false,
        completed: 1,
        expired: 0,
        canceled: 0,
      },
    ]);
    const mine = await p.stats(p.second.token, { from: '2026-07-01', to: '2026-07-01' });
    expect(mine.reminders).toEqual([
      {
        manager: { id: p.second.id, name: 'Пётр Второй' },
        former: false,
        completed: 1,
        expired: 0,
        canceled: 0,
      },
    ]);

    // Removed from the project, Мария's past work stays counted for the team, marked as a former
    // member's, and the history's person filter still finds her.
    t.clock.set('2026-07-02T09:00:00Z');
    const removed = await call(
      t.app,
      'DELETE',
      urlOf(teamEndpoints.removeMember, { projectId: p.projectId, userId: p.manager.id }),
      { token: p.admin.token },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const after = await p.stats(p.admin.token, { from: '2026-07-01', to: '2026-07-01' });
    // Her overdue one is still to be done: it went to her successor with the client.
    expect(after.reminders).toContainEqual({
      manager: { id: p.manager.id, name: 'Мария Менеджерова' },
      former: true,
      completed: 1,
      expired: 0,
      canceled: 1,
    });
    expect(after.goals.find((g) => g.manager.id === p.manager.id)).toEqual({
      manager: { id: p.manager.id, name: 'Мария Менеджерова' },
      former: true,
      status: null,
      categories: [
        { category_id: p.a.id, goal: 0, done: 2 },
        { category_id: p.b.id, goal: 0, done: 2 },
        { category_id: p.c.id, goal: 0, done: 1 },
      ],
      deposit: { goal: 0, done: 0 },
    });
    // A period without her figures does not list her.
    const quiet = await p.stats(p.admin.token, { from: '2026-06-01', to: '2026-06-02' });
    expect(quiet.reminders.some((r) => r.manager.id === p.manager.id)).toBe(false);
    expect(quiet.goals.some((g) => g.manager.id === p.manager.id)).toBe(false);
    const formerUrl = urlOf(historyEndpoints.formerMembers, { projectId: p.projectId });
    const former = await call(t.app, 'GET', formerUrl, { token: p.second.token });
    expect(former.body.response).toEqual([{ id: p.manager.id, name: 'Мария Менеджерова' }]);
    // Who may ask: members of the project only.
    expect((await call(t.app, 'GET', formerUrl)).status).toBe(401);
    const outsider = await registerOwner(t.app, 'Чужой');
    expect((await call(t.app, 'GET', formerUrl, { token: outsider.token })).status).toBe(404);
    const before = await p.stats(p.admin.token, { from: '2026-06-30', to: '2026-06-30' });
    expect(before.reminders.every((r) => r.completed + r.expired + r.canceled === 0)).toBe(true);
  });

  it('each manager against the goals of his status', async () => {
    const p = await walkedProject(t);
    const status = await call(t.app, 'POST', urlOf(statusesEndpoints.list, { projectId: p.projectId }), {
      token: p.admin.token,
      body: { name: 'Профи' },
    });
    expect(status.status, JSON.stringify(status.body)).toBe(201);
    const statusId = (status.body.response as { id: number }).id;
    const params = { projectId: p.projectId, id: statusId };
    const goals = await call(t.app, 'POST', urlOf(statusesEndpoints.setGoals, params), {
      token: p.admin.token,
      body: {
        goals: [
          { client_category_id: p.a.id, goal: 5 },
          { client_category_id: p.c.id, goal: 2 },
        ],
      },
    });
    expect(goals.status, JSON.stringify(goals.body)).toBe(200);
    const deposit = await call(t.app, 'PUT', urlOf(statusesEndpoints.setDepositGoal, params), {
      token: p.admin.token,
      body: { deposit_goal: 10000 },
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    const set = await call(
      t.app,
      'PUT',
      urlOf(teamEndpoints.setMemberStatus, { projectId: p.projectId, userId: p.manager.id }),
      { token: p.admin.token, body: { status_id: statusId } },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const s = await p.stats(p.admin.token, { from: '2026-07-01', to: '2026-07-01' });
    const maria = s.goals.find((g) => g.manager.id === p.manager.id);
    expect(maria).toEqual({
      manager: { id: p.manager.id, name: 'Мария Менеджерова' },
      former: false,
      status: { id: statusId, name: 'Профи' },
      categories: [
        { category_id: p.a.id, goal: 5, done: 2 },
        { category_id: p.b.id, goal: 0, done: 2 },
        { category_id: p.c.id, goal: 2, done: 1 },
      ],
      deposit: { goal: 10000, done: 3000 },
    });
    const petr = s.goals.find((g) => g.manager.id === p.second.id);
    expect(petr?.categories.map((c) => c.done)).toEqual([1, 0, 0]);
    expect(petr?.deposit.done).toBe(500);
    // Admins have no status: not in the team's goals, unless one is chosen.
    expect(s.goals.some((g) => g.manager.id === p.admin.id)).toBe(false);
    const admin = await p.stats(p.admin.token, {
      from: '2026-07-01',
      to: '2026-07-01',
      manager_id: p.admin.id,
    });
    expect(admin.goals).toEqual([
      expect.objectContaining({ manager: { id: p.admin.id, name: 'Анна Админова' }, status: null }),
    ]);
  });

  it('a deleted client leaves the figures with his stays', async () => {
    const p = await walkedProject(t);
    const del = await call(t.app, 'DELETE', p.urls.client(p.olga.id), { token: p.admin.token });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const s = await p.stats(p.admin.token, { from: '2026-07-01', to: '2026-07-01' });
    expect(s.funnel.map((f) => f.entered)).toEqual([2, 1, 1]);
    expect(s.category_amounts.map((a) => a.clients)).toEqual([2, 0, 0]);
    expect(s.stage_time[0]).toMatchObject({ stays: 1, median_seconds: HOUR });
    const left = await t.db
      .selectFrom('client_stage_stays')
      .select('id')
      .where('client_id', '=', p.olga.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('who may read: members only, a manager his own figures; bad periods are refused', async () => {
    const p = await walkedProject(t);
    const q = { from: '2026-07-01', to: '2026-07-01' };
    expect((await p.read('', q)).status).toBe(401);
    const stranger = await registerOwner(t.app, 'Чужой');
    expect((await p.read(stranger.token, q)).status).toBe(404);
    // A manager asking for another's figures gets his own, as on the calendar.
    const asked = await p.stats(p.manager.token, { ...q, manager_id: p.second.id });
    expect(asked.manager_id).toBe(p.manager.id);
    expect(asked.funnel[0]!.entered).toBe(2);

    const outsider = await p.read(p.admin.token, { ...q, manager_id: await userIdOf(t.app, stranger.token) });
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors).toEqual({ manager_id: ['Участник проекта не найден'] });
    const backwards = await p.read(p.admin.token, { from: '2026-07-02', to: '2026-07-01' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ to: ['Дата «по» не может быть раньше даты «с»'] });
    const long = await p.read(p.admin.token, { from: '2025-01-01', to: '2026-01-02' });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ to: ['Период не длиннее 366 дней'] });
    expect((await p.read(p.admin.token, { from: '2025-01-01', to: '2026-01-01' })).status).toBe(200);
    const malformed = await p.read(p.admin.token, { from: '01.07.2026', to: '2026-07-01' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.from).toEqual(['Введите дату в формате ГГГГ-ММ-ДД']);
    const missing = await call(t.app, 'GET', urlOf(statisticsEndpoints.get, { projectId: p.projectId }), {
      token: p.admin.token,
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['from', 'to']);
  });
});
