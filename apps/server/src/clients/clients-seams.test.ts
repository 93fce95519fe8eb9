import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusesEndpoints, teamEndpoints, type Client } from '@crm/contract';
import { call, callEndpoint } from '../test/api.js';
import { userIdOf } from '../test/members.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { pipelineProject } from '../test/pipeline-project.js';

/** What the clients feature does for the others: status goals, member removal, impersonation. */
describe('clients and the other features', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses status goals for a category that is not the project’s, and rolls the whole change back', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const b = await p.addCategory({ name: 'Сделка' });
    const other = await pipelineProject(t, 'Чужой');
    const foreign = await other.addCategory({ name: 'Чужая' });
    const status = await callEndpoint(t.app, statusesEndpoints.create, {
      params: { projectId: p.owner.projectId },
      token: p.admin.token,
      body: { name: 'Новичок' },
    });
    const params = { projectId: p.owner.projectId, id: status.body.response.id as number };
    const setGoals = (goals: { client_category_id: number; goal: number }[]) =>
      callEndpoint(t.app, statusesEndpoints.setGoals, { params, token: p.admin.token, body: { goals } });

    const ok = await setGoals([
      { client_category_id: a.id, goal: 10 },
      { client_category_id: b.id, goal: 3 },
    ]);
    expect(ok.status).toBe(200);
    for (const bad of [foreign.id, 999999]) {
      const refused = await setGoals([
        { client_category_id: a.id, goal: 1 },
        { client_category_id: bad, goal: 1 },
      ]);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        'goals.1.client_category_id': ['Категория клиентов не найдена'],
      });
    }
    const goals = await callEndpoint(t.app, statusesEndpoints.goals, { params, token: p.admin.token });
    expect(goals.body.response).toEqual([
      { client_category_id: a.id, goal: 10 },
      { client_category_id: b.id, goal: 3 },
    ]);
  });

  it('passes a removed member’s clients to the admin who removed him, in the same change', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const his = [
      await p.addClient(p.manager.token, { name: 'Иван', last_name: 'Петров', category_id: a.id }),
      await p.addClient(p.manager.token, { name: 'Ольга', last_name: 'Смирнова', category_id: a.id }),
    ];
    const kept = await p.addClient(p.second.token, { name: 'Анна', last_name: 'Козлова', category_id: a.id });
    const removed = await callEndpoint(t.app, teamEndpoints.removeMember, {
      params: { projectId: p.owner.projectId, userId: p.manager.id },
      token: p.admin.token,
    });
    expect(removed.status).toBe(200);
    for (const client of his) {
      const read = await call(t.app, 'GET', p.urls.client(client.id), { token: p.admin.token });
      expect(read.body.response).toMatchObject({
        manager_id: p.admin.id,
        manager: { name: 'Анна Админова' },
      });
    }
    expect(
      (await call(t.app, 'GET', p.urls.client(kept.id), { token: p.second.token })).body.response.manager_id,
    ).toBe(p.second.id);
    expect((await p.history('client.handed_over')).map((h) => [h.actor_id, h.subject_id, h.message])).toEqual(
      [
        [
          p.admin.id,
          p.manager.id,
          'Клиенты участника Мария Менеджерова (2) переданы администратору Анна Админова',
        ],
      ],
    );
    // A member without clients leaves no such entry.
    await callEndpoint(t.app, teamEndpoints.removeMember, {
      params: { projectId: p.owner.projectId, userId: p.second.id },
      token: p.owner.token,
    });
    expect(await p.history('client.handed_over')).toHaveLength(2);
    const mine = await call(t.app, 'GET', p.urls.clients, { token: p.owner.token });
    const ownerId = await userIdOf(t.app, p.owner.token);
    expect(mine.body.response.data.map((c: Client) => c.manager_id)).toEqual([
      ownerId,
      p.admin.id,
      p.admin.id,
    ]);
  });

  it('an admin inside a manager’s account works with the manager’s clients only, and the history names both', async () => {
    const p = await pipelineProject(t);
    const a = await p.addCategory({ name: 'Новые' });
    const theirs = await p.addClient(p.second.token, {
      name: 'Анна',
      last_name: 'Козлова',
      category_id: a.id,
    });
    const access = await callEndpoint(t.app, teamEndpoints.memberAccessToken, {
      params: { projectId: p.owner.projectId, memberId: p.manager.id },
      token: p.admin.token,
    });
    expect(access.status).toBe(200);
    const token = access.body.response.access_token as string;
    const created = await p.addClient(token, { name: 'Иван', last_name: 'Петров', category_id: a.id });
    expect(created.manager_id).toBe(p.manager.id);
    expect((await call(t.app, 'GET', p.urls.client(theirs.id), { token })).status).toBe(404);
    const list = await call(t.app, 'GET', p.urls.clients, { token });
    expect(list.body.response.data.map((c: Client) => c.id)).toEqual([created.id]);
    expect((await p.history('client.created')).slice(-1).map((h) => [h.actor_id, h.impersonator_id])).toEqual(
      [[p.manager.id, p.admin.id]],
    );
  });
});
