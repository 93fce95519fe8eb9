import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerOwner } from '../test/api.js';
import { joinAs } from '../test/members.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

// The hot reads are cached on the way (tokens, memberships, compiled and bound statements): none of
// it may answer with what was true before the last change.
describe('access and hot reads are never stale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const p = (projectId: number, rest: string) => `/api/v1/projects/${projectId}${rest}`;
  /** Reads it a few times, so every cache on the way holds it. */
  const warm = async (url: string, token: string) => {
    for (let i = 0; i < 3; i += 1) expect((await call(t.app, 'GET', url, { token })).status).toBe(200);
  };

  it("refuses a removed member's next request, and the team no longer lists him", async () => {
    const owner = await registerOwner(t.app, 'Свежесть');
    const manager = await joinAs(t, owner.projectId, 'manager', 'Уходящий Менеджер');
    await warm(p(owner.projectId, '/statuses'), manager.token);
    await warm(p(owner.projectId, '/team'), owner.token);

    const removed = await call(t.app, 'DELETE', p(owner.projectId, `/members/${manager.id}`), {
      token: owner.token,
    });
    expect(removed.status).toBe(200);

    expect((await call(t.app, 'GET', p(owner.projectId, '/statuses'), { token: manager.token })).status).toBe(
      404,
    );
    const team = await call(t.app, 'GET', p(owner.projectId, '/team'), { token: owner.token });
    expect(team.body.response.map((m: { id: number }) => m.id)).not.toContain(manager.id);
    const projects = await call(t.app, 'GET', '/api/v1/user/projects', { token: manager.token });
    expect(projects.body.response).toEqual([]);
  });

  it('applies a changed role on the next request', async () => {
    const owner = await registerOwner(t.app, 'Роли');
    const admin = await joinAs(t, owner.projectId, 'admin', 'Бывший Админ');
    await warm(p(owner.projectId, '/team'), admin.token);

    // Written behind the API's back, announced as the API's own writes are.
    await t.db
      .updateTable('project_members')
      .set({ role: 'manager' })
      .where('project_id', '=', owner.projectId)
      .where('user_id', '=', admin.id)
      .execute();
    await t.deps.access.changed({ projectId: owner.projectId });

    expect((await call(t.app, 'GET', p(owner.projectId, '/team'), { token: admin.token })).status).toBe(403);
    const me = await call(t.app, 'GET', p(owner.projectId, '/user'), { token: admin.token });
    expect(me.body.response.project_data.role).toBe('manager');
  });

  it('refuses a token on the request after its logout', async () => {
    const owner = await registerOwner(t.app, 'Выход');
    await warm('/api/v1/user', owner.token);
    await warm(p(owner.projectId, '/statuses'), owner.token);

    expect((await call(t.app, 'POST', '/api/v1/logout', { token: owner.token })).status).toBe(200);

    expect((await call(t.app, 'GET', '/api/v1/user', { token: owner.token })).status).toBe(401);
    expect((await call(t.app, 'GET', p(owner.projectId, '/statuses'), { token: owner.token })).status).toBe(
      401,
    );
  });

  it('lists a status added since the last read', async () => {
    const owner = await registerOwner(t.app, 'Статусы');
    await warm(p(owner.projectId, '/statuses'), owner.token);
    const before = await call(t.app, 'GET', p(owner.projectId, '/statuses'), { token: owner.token });

    const added = await call(t.app, 'POST', p(owner.projectId, '/statuses'), {
      token: owner.token,
      body: { name: 'Новый' },
    });
    expect(added.status).toBe(201);

    const after = await call(t.app, 'GET', p(owner.projectId, '/statuses'), { token: owner.token });
    expect(after.body.response).toEqual([...before.body.response, added.body.response]);
  });

  it('never reads what an open transaction has not committed', async () => {
    const owner = await registerOwner(t.app, 'Транзакции');
    await warm(p(owner.projectId, '/statuses'), owner.token);
    const before = await call(t.app, 'GET', p(owner.projectId, '/statuses'), { token: owner.token });

    let pending: ReturnType<typeof call> | undefined;
    const rolledBack = t.db.transaction().execute(async (trx) => {
      const now = t.clock.now().toISOString();
      await trx
        .insertInto('statuses')
        .values({
          project_id: owner.projectId,
          name: 'Черновик',
          name_key: 'черновик',
          is_default: 0,
          deposit_goal: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      // On SQLite the request shares the one connection: it must wait for the transaction, not
      // read inside it.
      pending = call(t.app, 'GET', p(owner.projectId, '/statuses'), { token: owner.token });
      // Time for the request to try, which it must not do inside the transaction: an absence,
      // so this one wait is time itself.
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');

    expect((await pending!).body.response).toEqual(before.body.response);
  });
});
