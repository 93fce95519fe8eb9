import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCategoriesEndpoints } from '@crm/contract';
import { call, urlOf } from '../test/api.js';
import { statusesProject, statusesUrl } from './statuses.fixtures.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('statuses: goals per client category and the deposit goal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const url = statusesUrl;

  const setup = () => statusesProject(t);

  it('sets goals per client category, answers them, and reset clears goals and deposit goal', async () => {
    const { owner, admin, create } = await setup();
    const s = await create('Новичок');
    // Goals name the project's client categories (the clients feature refuses others).
    const category = async (name: string) =>
      (
        await call(t.app, 'POST', urlOf(clientCategoriesEndpoints.create, { projectId: owner.projectId }), {
          token: admin.token,
          body: { name },
        })
      ).body.response.id as number;
    const [c3, c7, c9] = [await category('Новые'), await category('Думает'), await category('Сделка')];
    const goalsUrl = url(owner.projectId, `/${s.id}/client-categories`);
    expect((await call(t.app, 'GET', goalsUrl, { token: admin.token })).body.response).toEqual([]);

    const set = await call(t.app, 'POST', `${goalsUrl}/set-goals`, {
      token: admin.token,
      body: {
        goals: [
          { client_category_id: c7, goal: 10 },
          { client_category_id: c3, goal: 4 },
        ],
      },
    });
    expect(set.status).toBe(200);
    expect(set.body.response).toEqual([
      { client_category_id: c3, goal: 4 },
      { client_category_id: c7, goal: 10 },
    ]);
    // Listed categories change, others keep their goal.
    const update = await call(t.app, 'POST', `${goalsUrl}/set-goals`, {
      token: admin.token,
      body: {
        goals: [
          { client_category_id: c7, goal: 0 },
          { client_category_id: c9, goal: 2 },
        ],
      },
    });
    expect(update.body.response).toEqual([
      { client_category_id: c3, goal: 4 },
      { client_category_id: c7, goal: 0 },
      { client_category_id: c9, goal: 2 },
    ]);
    expect((await call(t.app, 'GET', goalsUrl, { token: admin.token })).body.response).toHaveLength(3);
    await call(t.app, 'PUT', url(owner.projectId, `/${s.id}/deposit-goal`), {
      token: admin.token,
      body: { deposit_goal: 150000 },
    });

    const reset = await call(t.app, 'PUT', url(owner.projectId, `/${s.id}/reset`), { token: admin.token });
    expect(reset.status).toBe(200);
    expect(reset.body.response).toEqual({ id: s.id, name: 'Новичок', is_default: true, deposit_goal: 0 });
    expect((await call(t.app, 'GET', goalsUrl, { token: admin.token })).body.response).toEqual([]);
  });

  it('validates goals: whole non-negative numbers, each category once', async () => {
    const { owner, admin, create } = await setup();
    const s = await create('Новичок');
    const setGoals = (goals: unknown) =>
      call(t.app, 'POST', url(owner.projectId, `/${s.id}/client-categories/set-goals`), {
        token: admin.token,
        body: { goals },
      });
    const twice = await setGoals([
      { client_category_id: 1, goal: 1 },
      { client_category_id: 1, goal: 2 },
    ]);
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ 'goals.1.client_category_id': ['Категория указана дважды'] });
    const negative = await setGoals([{ client_category_id: 1, goal: -1 }]);
    expect(negative.status).toBe(422);
    expect(negative.body.errors).toEqual({ 'goals.0.goal': ['Введите целое неотрицательное число'] });
    const fraction = await setGoals([{ client_category_id: 2, goal: 1.5 }]);
    expect(fraction.body.errors).toEqual({ 'goals.0.goal': ['Введите целое неотрицательное число'] });
    const noCategory = await setGoals([{ goal: 1 }]);
    expect(noCategory.body.errors).toEqual({ 'goals.0.client_category_id': ['Выберите категорию'] });
    expect((await setGoals('nope')).status).toBe(422);
    expect(
      (await call(t.app, 'GET', url(owner.projectId, `/${s.id}/client-categories`), { token: admin.token }))
        .body.response,
    ).toEqual([]);
  });

  it('sets the deposit goal: a whole non-negative number', async () => {
    const { owner, admin, create } = await setup();
    const s = await create('Профи');
    const put = (body: unknown) =>
      call(t.app, 'PUT', url(owner.projectId, `/${s.id}/deposit-goal`), { token: admin.token, body });
    const okRes = await put({ deposit_goal: 500000 });
    expect(okRes.status).toBe(200);
    expect(okRes.body.response).toEqual({ id: s.id, name: 'Профи', is_default: true, deposit_goal: 500000 });
    for (const bad of [-1, 1.5, '100', null]) {
      const res = await put({ deposit_goal: bad });
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.errors).toEqual({ deposit_goal: ['Введите целое неотрицательное число'] });
    }
    expect((await put({})).status).toBe(422);
    expect((await put({ deposit_goal: 10 ** 13 })).status).toBe(422);
    const big = await put({ deposit_goal: 10 ** 12 });
    expect(big.body.response.deposit_goal).toBe(10 ** 12);
    const event = await t.db
      .selectFrom('history_events')
      .select('message')
      .where('project_id', '=', owner.projectId)
      .where('kind', '=', 'status.deposit_goal_set')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(event.message).toBe('Цель по депозиту статуса «Профи»: 0 → 500\u00a0000');
  });
});
