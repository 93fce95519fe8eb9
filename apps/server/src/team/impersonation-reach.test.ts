import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsEndpoints,
  clientCategoriesEndpoints,
  remindersEndpoints,
  historyEndpoints,
  notificationsEndpoints,
  teamEndpoints,
} from '@crm/contract';
import { call, registerOwner, urlOf } from '../test/api.js';
import { openLiveStream, within } from '../test/live-stream.js';
import { joinAs } from '../test/members.js';
import type { Mailbox } from '../test/test-mailbox.js';
import { buildTestAppWithMailbox, type TestApp } from '../test/test-app.js';
import { addMember } from './index.js';

const APP_URL = 'http://localhost:5173';

/**
 * A switch into a manager's account (docs/product.md §3.5) reaches that project only, on the
 * person-level routes too, and ends with the admin's sessions (docs/decisions.md, "Security run").
 */
describe('a switch into a manager: its reach and its end', () => {
  let t: TestApp;
  let mailbox: Mailbox;
  let close: () => Promise<void>;
  let origin: string;
  beforeAll(async () => {
    ({ t, mailbox, close } = await buildTestAppWithMailbox());
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => close());

  /** Manager M in project 1 (where admin A switches into him) and in project 2, each with a notification. */
  async function twoProjects() {
    const first = await registerOwner(t.app, 'Первый');
    const admin = await joinAs(t, first.projectId, 'admin', 'Анна Админова');
    const manager = await joinAs(t, first.projectId, 'manager', 'Мария Менеджерова');
    const second = await registerOwner(t.app, 'Второй');
    await addMember(t.db, t.clock.now(), second.projectId, manager.id, 'manager');
    await t.app.deps.access.changed({ userId: manager.id });
    const at = t.clock.now().toISOString();
    const notice = (projectId: number, message: string) => ({
      user_id: manager.id,
      project_id: projectId,
      type: 'reminder_due' as const,
      message,
      data: '{}',
      created_at: at,
    });
    await t.db
      .insertInto('notifications')
      .values([notice(first.projectId, 'Клиент проекта 1'), notice(second.projectId, 'Клиент проекта 2')])
      .execute();
    const switched = await call(
      t.app,
      'GET',
      urlOf(teamEndpoints.memberAccessToken, { projectId: first.projectId, memberId: manager.id }),
      {
        token: admin.token,
      },
    );
    expect(switched.status).toBe(200);
    return { first, second, admin, manager, switchToken: switched.body.response.access_token as string };
  }

  const api = notificationsEndpoints;
  const unreadIn = async (token: string, projectId: number) =>
    (await call(t.app, 'GET', `${urlOf(api.unreadCount)}?project_id=${projectId}`, { token })).body.response
      .unread_count;

  it("the notifications: only the switch's project, another project's are 404 and stay unread", async () => {
    const { first, second, manager, switchToken } = await twoProjects();

    for (const url of [urlOf(api.list), urlOf(api.unreadCount)]) {
      expect(
        (await call(t.app, 'GET', `${url}?project_id=${second.projectId}`, { token: switchToken })).status,
      ).toBe(404);
    }
    expect(
      (
        await call(t.app, 'PUT', `${urlOf(api.markAllRead)}?project_id=${second.projectId}`, {
          token: switchToken,
        })
      ).status,
    ).toBe(404);

    // Without a project: the switch's own project, not every project of the manager.
    const all = await call(t.app, 'GET', urlOf(api.list), { token: switchToken });
    expect(all.status).toBe(200);
    expect(all.body.response.notifications.map((n: { message: string }) => n.message)).toEqual([
      'Клиент проекта 1',
    ]);
    expect(all.body.response.unread_count).toBe(1);
    expect((await call(t.app, 'GET', urlOf(api.unreadCount), { token: switchToken })).body.response).toEqual({
      unread_count: 1,
    });

    // One notification of project 2 by its id: 404, and it stays unread.
    const mine = await call(t.app, 'GET', `${urlOf(api.list)}?project_id=${second.projectId}`, {
      token: manager.token,
    });
    const elsewhere = mine.body.response.notifications[0].id as number;
    expect(
      (await call(t.app, 'PUT', urlOf(api.markRead, { id: elsewhere }), { token: switchToken })).status,
    ).toBe(404);

    // Marking all read through the switch reads project 1's only.
    const cleared = await call(t.app, 'PUT', urlOf(api.markAllRead), { token: switchToken });
    expect(cleared.body.response).toEqual({ unread_count: 0 });
    expect(await unreadIn(manager.token, second.projectId)).toBe(1);
    expect(await unreadIn(manager.token, first.projectId)).toBe(0);
  });

  it("the live stream: the switch's project's events only, not another project's nor the person's own", async () => {
    const { first, second, manager, switchToken } = await twoProjects();
    const page = openLiveStream(origin, switchToken);
    await page.ready;
    const publish = (payload: object) =>
      t.app.deps.publisher.publish(`user:${manager.id}`, { type: 'notifications.changed', payload });
    await publish({ project_id: second.projectId });
    // An event that names no project is the person's, not the switch's (were it let through, the
    // page's parse of it would fail this test).
    await publish({});
    await publish({ project_id: first.projectId });
    await page.next('notifications.changed', (e) => e.payload.project_id === first.projectId);
    // Events arrive in order: by the time project 1's came, the others were dropped.
    expect(page.events.filter((e) => e.type !== 'ready').map((e) => e.payload)).toEqual([
      { project_id: first.projectId },
    ]);
    page.close();
  });

  it('the profile: the account is read, its projects narrowed to the switch, its changes refused', async () => {
    const { first, manager, switchToken } = await twoProjects();
    const me = await call(t.app, 'GET', urlOf(accountsEndpoints.user), { token: switchToken });
    expect(me.status).toBe(200);
    expect(me.body.response.id).toBe(manager.id);
    const projects = await call(t.app, 'GET', urlOf(accountsEndpoints.userProjects), { token: switchToken });
    expect(projects.body.response.map((p: { id: number }) => p.id)).toEqual([first.projectId]);
    expect((await call(t.app, 'POST', '/api/v1/email/resend', { token: switchToken })).status).toBe(403);
  });

  it("the admin's logout ends the switches made from that session, not his other sessions'", async () => {
    const { first, admin, manager, switchToken } = await twoProjects();
    const otherSession = await call(t.app, 'POST', urlOf(accountsEndpoints.login), {
      body: { email: admin.email, password: 'password123' },
    });
    expect(otherSession.status).toBe(200);
    const otherSwitch = await call(
      t.app,
      'GET',
      urlOf(teamEndpoints.memberAccessToken, { projectId: first.projectId, memberId: manager.id }),
      {
        token: otherSession.body.response.token,
      },
    );
    const projectUser = `/api/v1/projects/${first.projectId}/user`;
    const page = openLiveStream(origin, switchToken);
    await page.ready;
    expect((await call(t.app, 'GET', projectUser, { token: switchToken })).status).toBe(200);

    expect((await call(t.app, 'POST', urlOf(accountsEndpoints.logout), { token: admin.token })).status).toBe(
      200,
    );
    expect((await call(t.app, 'GET', projectUser, { token: switchToken })).status).toBe(401);
    await within(3000, () => page.closed || page.failures > 0);
    page.close();
    expect(
      (await call(t.app, 'GET', projectUser, { token: otherSwitch.body.response.access_token })).status,
    ).toBe(200);
  });

  it("leaving the manager's account (logout with the switch) ends the switch and nothing else", async () => {
    const { first, admin, manager, switchToken } = await twoProjects();
    expect((await call(t.app, 'POST', urlOf(accountsEndpoints.logout), { token: switchToken })).status).toBe(
      200,
    );
    expect(
      (await call(t.app, 'GET', `/api/v1/projects/${first.projectId}/user`, { token: switchToken })).status,
    ).toBe(401);
    expect((await call(t.app, 'GET', urlOf(accountsEndpoints.user), { token: admin.token })).status).toBe(
      200,
    );
    expect((await call(t.app, 'GET', urlOf(accountsEndpoints.user), { token: manager.token })).status).toBe(
      200,
    );
  });

  it("this session's new project routes: a switch reads its project's only, and no admin work", async () => {
    const { first, second, switchToken } = await twoProjects();
    const former = (projectId: number) => urlOf(historyEndpoints.formerMembers, { projectId });
    const counts = (projectId: number) => urlOf(clientCategoriesEndpoints.clientCounts, { projectId });
    expect((await call(t.app, 'GET', former(first.projectId), { token: switchToken })).status).toBe(200);
    expect((await call(t.app, 'GET', former(second.projectId), { token: switchToken })).status).toBe(404);
    // Inside a manager's account the switch is a manager: the admins' counts are refused.
    expect((await call(t.app, 'GET', counts(first.projectId), { token: switchToken })).status).toBe(403);
    expect((await call(t.app, 'GET', counts(second.projectId), { token: switchToken })).status).toBe(404);
    // The board cards' next reminders: the switch's project only.
    const next = (projectId: number) => `${urlOf(remindersEndpoints.next, { projectId })}?client_ids=1`;
    expect((await call(t.app, 'GET', next(first.projectId), { token: switchToken })).status).toBe(200);
    expect((await call(t.app, 'GET', next(second.projectId), { token: switchToken })).status).toBe(404);
  });

  it('a password reset of the admin ends every switch he made, from every session', async () => {
    const { first, admin, switchToken } = await twoProjects();
    const projectUser = `/api/v1/projects/${first.projectId}/user`;
    expect((await call(t.app, 'GET', projectUser, { token: switchToken })).status).toBe(200);
    await call(t.app, 'POST', '/api/v1/password/forgot', { body: { email: admin.email } });
    const mail = await mailbox.lastTo(admin.email, 'Восстановление пароля');
    const link = new URL(mailbox.linkIn(mail, `${APP_URL}/recovery?`));
    const reset = await call(t.app, 'POST', '/api/v1/password/reset', {
      body: {
        email: admin.email,
        token: link.searchParams.get('token'),
        password: 'newpassword1',
        password_confirmation: 'newpassword1',
      },
    });
    expect(reset.status).toBe(200);
    expect((await call(t.app, 'GET', projectUser, { token: switchToken })).status).toBe(401);
  });

  it('removing the admin, or the manager, ends the switch', async () => {
    for (const removed of ['admin', 'manager'] as const) {
      const p = await twoProjects();
      const projectUser = `/api/v1/projects/${p.first.projectId}/user`;
      expect((await call(t.app, 'GET', projectUser, { token: p.switchToken })).status).toBe(200);
      const gone = await call(
        t.app,
        'DELETE',
        urlOf(teamEndpoints.removeMember, { projectId: p.first.projectId, userId: p[removed].id }),
        {
          token: p.first.token,
        },
      );
      expect(gone.status).toBe(200);
      expect((await call(t.app, 'GET', projectUser, { token: p.switchToken })).status).toBe(401);
    }
  });
});
