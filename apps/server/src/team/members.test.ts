import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../identity/tokens.js';
import { call, registerOwner } from '../test/api.js';
import { openLiveStream } from '../test/live-stream.js';
import { joinAs, userIdOf } from '../test/members.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('team: members, the managers page, statuses of managers, removal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A project with its super admin, an admin, two managers and a status. */
  async function team() {
    const owner = await registerOwner(t.app, 'Команда');
    const ownerId = await userIdOf(t.app, owner.token);
    const beginner = await call(t.app, 'POST', `/api/v1/projects/${owner.projectId}/statuses`, {
      token: owner.token,
      body: { name: 'Новичок' },
    });
    const admin = await joinAs(t, owner.projectId, 'admin', 'Анна Админова');
    const manager = await joinAs(t, owner.projectId, 'manager', 'Борис Менеджеров');
    const second = await joinAs(t, owner.projectId, 'manager', 'Вера Менеджерова');
    return {
      owner: { ...owner, id: ownerId },
      admin,
      manager,
      second,
      beginnerId: beginner.body.response.id as number,
    };
  }
  const p = (projectId: number, rest: string) => `/api/v1/projects/${projectId}${rest}`;

  it('lists the members (id, name, role) to any member, managers only on request', async () => {
    const { owner, admin, manager, second } = await team();
    const res = await call(t.app, 'GET', p(owner.projectId, '/members'), { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual([
      { id: admin.id, name: 'Анна Админова', role: 'admin' },
      { id: manager.id, name: 'Борис Менеджеров', role: 'manager' },
      { id: second.id, name: 'Вера Менеджерова', role: 'manager' },
      { id: owner.id, name: 'Владелец', role: 'super_admin' },
    ]);
    const managers = await call(t.app, 'GET', p(owner.projectId, '/members?role=manager'), {
      token: admin.token,
    });
    expect(managers.body.response.map((m: { id: number }) => m.id)).toEqual([manager.id, second.id]);
    const bad = await call(t.app, 'GET', p(owner.projectId, '/members?role=boss'), { token: admin.token });
    expect(bad.status).toBe(422);
  });

  it('shows admins the managers page: email, role, status and joining time', async () => {
    const { owner, admin, manager, beginnerId } = await team();
    const res = await call(t.app, 'GET', p(owner.projectId, '/team'), { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.response).toHaveLength(4);
    expect(res.body.response[0]).toEqual({
      id: owner.id,
      name: 'Владелец',
      email: owner.email,
      role: 'super_admin',
      status: null,
      joined_at: expect.stringMatching(/Z$/),
    });
    expect(res.body.response.find((m: { id: number }) => m.id === manager.id)).toMatchObject({
      email: manager.email,
      role: 'manager',
      status: { id: beginnerId, name: 'Новичок' },
    });
    expect((await call(t.app, 'GET', p(owner.projectId, '/team'), { token: manager.token })).status).toBe(
      403,
    );
  });

  it('shows a member to admins and to himself only', async () => {
    const { owner, admin, manager, second, beginnerId } = await team();
    const byAdmin = await call(t.app, 'GET', p(owner.projectId, `/users/${manager.id}`), {
      token: admin.token,
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.response).toEqual({
      user: {
        id: manager.id,
        name: 'Борис Менеджеров',
        email: manager.email,
        email_verified: false,
        has_projects: true,
      },
      project_data: { project_id: owner.projectId, role: 'manager', status_id: beginnerId },
    });
    const himself = await call(t.app, 'GET', p(owner.projectId, `/users/${manager.id}`), {
      token: manager.token,
    });
    expect(himself.status).toBe(200);
    const colleague = await call(t.app, 'GET', p(owner.projectId, `/users/${second.id}`), {
      token: manager.token,
    });
    expect(colleague.status).toBe(403);
    const aboutAdmin = await call(t.app, 'GET', p(owner.projectId, `/users/${admin.id}`), {
      token: manager.token,
    });
    expect(aboutAdmin.status).toBe(403);

    // A user of another project is not found through this one.
    const other = await registerOwner(t.app, 'Чужой');
    const otherId = await userIdOf(t.app, other.token);
    const foreign = await call(t.app, 'GET', p(owner.projectId, `/users/${otherId}`), { token: admin.token });
    expect(foreign.status).toBe(404);
    expect(
      (await call(t.app, 'GET', p(owner.projectId, '/users/999999'), { token: admin.token })).status,
    ).toBe(404);
  });

  it("sets a manager's status to one of the project's and records it", async () => {
    const { owner, admin, manager, beginnerId } = await team();
    const pro = await call(t.app, 'POST', p(owner.projectId, '/statuses'), {
      token: owner.token,
      body: { name: 'Профи' },
    });
    const res = await call(t.app, 'PUT', p(owner.projectId, `/users/${manager.id}/status`), {
      token: admin.token,
      body: { status_id: pro.body.response.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.response.project_data).toEqual({
      project_id: owner.projectId,
      role: 'manager',
      status_id: pro.body.response.id,
    });
    const seen = await call(t.app, 'GET', p(owner.projectId, '/user'), { token: manager.token });
    expect(seen.body.response.project_data.status_id).toBe(pro.body.response.id);

    const event = await t.db
      .selectFrom('history_events')
      .selectAll()
      .where('project_id', '=', owner.projectId)
      .where('kind', '=', 'member.status_changed')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      actor_id: admin.id,
      impersonator_id: null,
      subject_type: 'user',
      subject_id: manager.id,
      message: 'Статус менеджера Борис Менеджеров: «Новичок» → «Профи»',
    });
    expect(JSON.parse(event.before!)).toEqual({ status_id: beginnerId, status: 'Новичок' });
  });

  it('refuses a status of another project, an unknown one, and a status for a non-manager', async () => {
    const { owner, admin, manager } = await team();
    const other = await registerOwner(t.app, 'Чужой');
    const foreignStatus = await call(t.app, 'POST', p(other.projectId, '/statuses'), {
      token: other.token,
      body: { name: 'Чужой' },
    });
    for (const statusId of [foreignStatus.body.response.id, 999999]) {
      const res = await call(t.app, 'PUT', p(owner.projectId, `/users/${manager.id}/status`), {
        token: admin.token,
        body: { status_id: statusId },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ status_id: ['Статус не найден'] });
    }
    const own = (await call(t.app, 'GET', p(owner.projectId, '/statuses'), { token: admin.token })).body
      .response[0].id;
    const toAdmin = await call(t.app, 'PUT', p(owner.projectId, `/users/${admin.id}/status`), {
      token: owner.token,
      body: { status_id: own },
    });
    expect(toAdmin.status).toBe(422);
    expect(toAdmin.body.errors).toEqual({ status_id: ['Статус назначается только менеджерам'] });
    const missing = await call(t.app, 'PUT', p(owner.projectId, `/users/${manager.id}/status`), {
      token: admin.token,
      body: {},
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.status_id).toBeDefined();
    const byManager = await call(t.app, 'PUT', p(owner.projectId, `/users/${manager.id}/status`), {
      token: manager.token,
      body: { status_id: own },
    });
    expect(byManager.status).toBe(403);
    const stranger = await call(
      t.app,
      'PUT',
      p(owner.projectId, `/users/${await userIdOf(t.app, other.token)}/status`),
      {
        token: admin.token,
        body: { status_id: own },
      },
    );
    expect(stranger.status).toBe(404);
  });

  it('removes a member: he loses the project, his and his impersonation sessions in it end, the removal is recorded', async () => {
    const { owner, admin, manager, second } = await team();
    // The admin switched into a manager before being removed.
    const access = await call(t.app, 'GET', p(owner.projectId, `/member-access-token/${second.id}`), {
      token: admin.token,
    });
    expect(access.status).toBe(200);
    const intoManager = await issueToken(t.db, t.clock.now(), manager.id, {
      kind: 'member_access',
      projectId: owner.projectId,
      impersonatorId: admin.id,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });

    const res = await call(t.app, 'DELETE', p(owner.projectId, `/members/${manager.id}`), {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, response: { ok: true } });
    expect((await call(t.app, 'GET', p(owner.projectId, '/user'), { token: manager.token })).status).toBe(
      404,
    );
    expect((await call(t.app, 'GET', p(owner.projectId, '/user'), { token: intoManager })).status).toBe(401);
    // His account itself lives on.
    expect(
      (await call(t.app, 'GET', '/api/v1/user', { token: manager.token })).body.response.has_projects,
    ).toBe(false);

    const removeAdmin = await call(t.app, 'DELETE', p(owner.projectId, `/members/${admin.id}`), {
      token: owner.token,
    });
    expect(removeAdmin.status).toBe(200);
    expect(
      (await call(t.app, 'GET', p(owner.projectId, '/user'), { token: access.body.response.access_token }))
        .status,
    ).toBe(401);

    const events = await t.db
      .selectFrom('history_events')
      .select(['kind', 'message', 'actor_id', 'subject_id'])
      .where('project_id', '=', owner.projectId)
      .where('kind', '=', 'member.removed')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      {
        kind: 'member.removed',
        message: `Удаление из команды: Борис Менеджеров (${manager.email}), роль «Менеджер»`,
        actor_id: admin.id,
        subject_id: manager.id,
      },
      {
        kind: 'member.removed',
        message: `Удаление из команды: Анна Админова (${admin.email}), роль «Админ»`,
        actor_id: owner.id,
        subject_id: admin.id,
      },
    ]);
    const again = await call(t.app, 'DELETE', p(owner.projectId, `/members/${manager.id}`), {
      token: owner.token,
    });
    expect(again.status).toBe(404);
  });

  it("tells the removed member's open pages, once, which project he left", async () => {
    const { owner, admin, manager } = await team();
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const page = openLiveStream(origin, manager.token);
    try {
      await page.ready;
      const told = page.next('membership.ended');
      const res = await call(t.app, 'DELETE', p(owner.projectId, `/members/${manager.id}`), {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      expect((await told).payload).toEqual({ project_id: owner.projectId, project_name: 'Команда' });
      expect(page.events.filter((e) => e.type === 'membership.ended')).toHaveLength(1);
    } finally {
      page.close();
      t.app.server.closeAllConnections();
    }
  });

  it('never removes the super admin nor oneself; managers may not remove anyone', async () => {
    const { owner, admin, manager, second } = await team();
    const superAdmin = await call(t.app, 'DELETE', p(owner.projectId, `/members/${owner.id}`), {
      token: admin.token,
    });
    expect(superAdmin.status).toBe(403);
    expect(superAdmin.body.message).toBe('Создателя проекта (супер-админа) удалить нельзя');
    const self = await call(t.app, 'DELETE', p(owner.projectId, `/members/${admin.id}`), {
      token: admin.token,
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('Нельзя удалить из проекта самого себя');
    const ownerSelf = await call(t.app, 'DELETE', p(owner.projectId, `/members/${owner.id}`), {
      token: owner.token,
    });
    expect(ownerSelf.status).toBe(403);
    const byManager = await call(t.app, 'DELETE', p(owner.projectId, `/members/${second.id}`), {
      token: manager.token,
    });
    expect(byManager.status).toBe(403);
    const members = await call(t.app, 'GET', p(owner.projectId, '/members'), { token: owner.token });
    expect(members.body.response).toHaveLength(4);
  });

  it('refuses everything to the anonymous (401) and to members of another project (404)', async () => {
    const { owner, manager } = await team();
    const other = await registerOwner(t.app, 'Чужой');
    for (const [method, url] of [
      ['GET', '/members'],
      ['GET', '/team'],
      ['GET', `/users/${manager.id}`],
      ['PUT', `/users/${manager.id}/status`],
      ['DELETE', `/members/${manager.id}`],
    ] as const) {
      expect((await call(t.app, method, p(owner.projectId, url), { body: {} })).status, url).toBe(401);
      expect(
        (await call(t.app, method, p(owner.projectId, url), { token: other.token, body: { status_id: 1 } }))
          .status,
        url,
      ).toBe(404);
    }
    // Another project's admin cannot remove this project's manager through his own project.
    expect(
      (await call(t.app, 'DELETE', p(other.projectId, `/members/${manager.id}`), { token: other.token }))
        .status,
    ).toBe(404);
  });
});
