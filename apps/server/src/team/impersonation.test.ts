import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from './index.js';
import { call, registerOwner } from '../test/api.js';
import { joinAs, userIdOf } from '../test/members.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('impersonation: the role admin switches into a manager of his project', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function project() {
    const owner = await registerOwner(t.app, 'Главный');
    const admin = await joinAs(t, owner.projectId, 'admin', 'Анна Админова');
    const manager = await joinAs(t, owner.projectId, 'manager', 'Мария Менеджерова');
    return { owner, admin, manager };
  }
  const tokenUrl = (projectId: number, memberId: number) =>
    `/api/v1/projects/${projectId}/member-access-token/${memberId}`;

  it('issues a two-hour token that acts as the manager in this project, and records the switch', async () => {
    const { owner, admin, manager } = await project();
    const before = Date.now();
    const res = await call(t.app, 'GET', tokenUrl(owner.projectId, manager.id), { token: admin.token });
    expect(res.status).toBe(200);
    const accessToken: string = res.body.response.access_token;
    expect(accessToken).toMatch(/^\d+\|[A-Za-z0-9_-]{43}$/);

    const me = await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/user`, { token: accessToken });
    expect(me.status).toBe(200);
    expect(me.body.response.user.id).toBe(manager.id);
    expect(me.body.response.project_data.role).toBe('manager');
    // As the manager: no admin screens.
    expect(
      (await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/team`, { token: accessToken })).status,
    ).toBe(403);

    const row = await t.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('id', '=', Number(accessToken.split('|')[0]))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'member_access',
      user_id: manager.id,
      project_id: owner.projectId,
      impersonator_id: admin.id,
    });
    const ttl = Date.parse(row.expires_at!) - before;
    expect(ttl).toBeGreaterThan(2 * 3600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(2 * 3600_000 + 1000);

    const event = await t.db
      .selectFrom('history_events')
      .selectAll()
      .where('project_id', '=', owner.projectId)
      .where('kind', '=', 'impersonation.started')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      actor_id: admin.id,
      subject_type: 'user',
      subject_id: manager.id,
      message: 'Вход в аккаунт менеджера Мария Менеджерова (администратор Анна Админова) на 2 часа',
    });
  });

  it('works only in that project: 404 in another project of the same manager', async () => {
    const { owner, admin, manager } = await project();
    const other = await registerOwner(t.app, 'Второй');
    await addMember(t.db, t.clock.now(), other.projectId, manager.id, 'manager');
    expect(
      (await call(t.app, 'GET', `/api/v1/projects/${other.projectId}/user`, { token: manager.token })).status,
    ).toBe(200);

    const res = await call(t.app, 'GET', tokenUrl(owner.projectId, manager.id), { token: admin.token });
    const accessToken = res.body.response.access_token;
    const elsewhere = await call(t.app, 'GET', `/api/v1/projects/${other.projectId}/user`, {
      token: accessToken,
    });
    expect(elsewhere.status).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/v1/projects/${other.projectId}/statuses`, { token: accessToken }))
        .status,
    ).toBe(404);
  });

  it('stops working when it expires (401)', async () => {
    const { owner, admin, manager } = await project();
    const res = await call(t.app, 'GET', tokenUrl(owner.projectId, manager.id), { token: admin.token });
    const accessToken: string = res.body.response.access_token;
    await t.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', Number(accessToken.split('|')[0]))
      .execute();
    const after = await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/user`, {
      token: accessToken,
    });
    expect(after.status).toBe(401);
  });

  it('is for the role admin only: the super admin and managers get 403', async () => {
    const { owner, manager } = await project();
    const second = await joinAs(t, owner.projectId, 'manager', 'Второй');
    const bySuperAdmin = await call(t.app, 'GET', tokenUrl(owner.projectId, manager.id), {
      token: owner.token,
    });
    expect(bySuperAdmin.status).toBe(403);
    const byManager = await call(t.app, 'GET', tokenUrl(owner.projectId, second.id), {
      token: manager.token,
    });
    expect(byManager.status).toBe(403);
    expect((await call(t.app, 'GET', tokenUrl(owner.projectId, manager.id))).status).toBe(401);
    expect(
      await t.db
        .selectFrom('access_tokens')
        .select('id')
        .where('kind', '=', 'member_access')
        .where('project_id', '=', owner.projectId)
        .execute(),
    ).toEqual([]);
  });

  it('switches only into a manager of the same project', async () => {
    const { owner, admin } = await project();
    const otherAdmin = await joinAs(t, owner.projectId, 'admin', 'Другой админ');
    const ownerId = await userIdOf(t.app, owner.token);
    for (const target of [otherAdmin.id, ownerId]) {
      const res = await call(t.app, 'GET', tokenUrl(owner.projectId, target), { token: admin.token });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ memberId: ['Войти можно только в аккаунт менеджера'] });
    }
    const other = await registerOwner(t.app, 'Чужой');
    const foreignManager = await joinAs(t, other.projectId, 'manager', 'Чужой менеджер');
    const foreign = await call(t.app, 'GET', tokenUrl(owner.projectId, foreignManager.id), {
      token: admin.token,
    });
    expect(foreign.status).toBe(404);
    // An admin of another project cannot reach this project at all.
    const otherProjectAdmin = await joinAs(t, other.projectId, 'admin', 'Админ чужого');
    const outsider = await call(t.app, 'GET', tokenUrl(owner.projectId, foreignManager.id), {
      token: otherProjectAdmin.token,
    });
    expect(outsider.status).toBe(404);
  });
});
