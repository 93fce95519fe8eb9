import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/transaction.js';
import { claimInvitation } from './index.js';
import { call, registerOwner, registerUser } from '../test/api.js';
import { joinAs, userIdOf } from '../test/members.js';
import { buildTestApp, buildTestAppWithMailbox, type TestApp } from '../test/test-app.js';
import { invitationHelpers, type Mailbox } from './invitations.fixtures.js';

describe('invitations: tokens, refusals, and the function registration calls', () => {
  let t: TestApp;
  let mailbox: Mailbox;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, mailbox, close } = await buildTestAppWithMailbox()));
  afterAll(() => close());
  const { freshEmail, invitations, invite, register } = invitationHelpers(() => ({ t, mailbox }));

  it('answers 404 for an unknown or malformed token and 401 to accept it anonymously', async () => {
    const unknown = 'x'.repeat(43);
    const preview = await call(t.app, 'GET', `/api/v1/invitations/${unknown}`);
    expect(preview.status).toBe(404);
    expect(preview.body.message).toBe('Приглашение не найдено: проверьте ссылку из письма');
    expect((await call(t.app, 'GET', '/api/v1/invitations/short')).status).toBe(404);
    const anonymous = await call(t.app, 'POST', `/api/v1/invitations/${unknown}/accept`);
    expect(anonymous.status).toBe(401);
    const user = await registerUser(t.app);
    expect(
      (await call(t.app, 'POST', `/api/v1/invitations/${unknown}/accept`, { token: user.token })).status,
    ).toBe(404);
  });

  it('keeps invitations to admins: 401 anonymous, 403 manager, 404 another project and its ids', async () => {
    const owner = await registerOwner(t.app);
    const other = await registerOwner(t.app, 'Чужой');
    const manager = await joinAs(t, owner.projectId, 'manager');
    const { id } = await invite(owner, freshEmail());

    expect((await call(t.app, 'GET', invitations(owner.projectId))).status).toBe(401);
    for (const [method, url] of [
      ['GET', invitations(owner.projectId)],
      ['POST', invitations(owner.projectId)],
      ['DELETE', `${invitations(owner.projectId)}/${id}`],
    ] as const) {
      const res = await call(t.app, method, url, {
        token: manager.token,
        body: { email: freshEmail(), role: 'admin' },
      });
      expect(res.status, `${method} ${url}`).toBe(403);
      const outsider = await call(t.app, method, url, {
        token: other.token,
        body: { email: freshEmail(), role: 'admin' },
      });
      expect(outsider.status, `${method} ${url}`).toBe(404);
    }
    // The other project's admin cannot reach this invitation through his own project either.
    const foreign = await call(t.app, 'DELETE', `${invitations(other.projectId)}/${id}`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    expect(
      (await call(t.app, 'GET', invitations(owner.projectId), { token: owner.token })).body.response,
    ).toHaveLength(1);
  });

  it('refuses accepting from inside a manager account (impersonation)', async () => {
    const owner = await registerOwner(t.app);
    const admin = await joinAs(t, owner.projectId, 'admin', 'Админ');
    const manager = await joinAs(t, owner.projectId, 'manager', 'Менеджер');
    const other = await registerOwner(t.app, 'Другой проект');
    const { token } = await invite(other, manager.email);
    const access = await call(
      t.app,
      'GET',
      `/api/v1/projects/${owner.projectId}/member-access-token/${manager.id}`,
      {
        token: admin.token,
      },
    );
    const res = await call(t.app, 'POST', `/api/v1/invitations/${token}/accept`, {
      token: access.body.response.access_token,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Это действие недоступно в режиме входа под менеджером');
    expect(
      (await call(t.app, 'POST', `/api/v1/invitations/${token}/accept`, { token: manager.token })).status,
    ).toBe(200);
  });

  it('claimInvitation joins the new user inside the caller transaction, or answers why not', async () => {
    const owner = await registerOwner(t.app);
    const email = freshEmail();
    const { token } = await invite(owner, email, 'manager');
    const userToken = await register(email);
    const id = await userIdOf(t.app, userToken);

    const wrongEmail = await transaction(
      t.deps,
      async (tx) => (await claimInvitation(tx, token, { id, email: 'x@example.com' })).ok,
    );
    expect(wrongEmail).toBe(false);
    const unknown = await transaction(
      t.deps,
      async (tx) => (await claimInvitation(tx, 'nope'.repeat(11), { id, email })).ok,
    );
    expect(unknown).toBe(false);
    // A rolled-back registration leaves the invitation usable.
    await expect(
      transaction(t.deps, async (tx) => {
        expect((await claimInvitation(tx, token, { id, email })).ok).toBe(true);
        throw new Error('registration failed later');
      }),
    ).rejects.toThrow('registration failed later');
    expect((await call(t.app, 'GET', `/api/v1/invitations/${token}`)).status).toBe(200);

    const joined = await transaction(
      t.deps,
      async (tx) => (await claimInvitation(tx, token, { id, email: email.toUpperCase() })).ok,
    );
    expect(joined).toBe(true);
    const me = await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/user`, { token: userToken });
    expect(me.body.response.project_data.role).toBe('manager');
    expect(me.body.response.user.email_verified).toBe(true);
    const twice = await transaction(
      t.deps,
      async (tx) => (await claimInvitation(tx, token, { id, email })).ok,
    );
    expect(twice).toBe(false);
  });
});

describe('invitations when the email cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 of the loopback: the SMTP connection is refused.
    t = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => t.close());

  it('answers 503 and keeps no invitation that nobody could use', async () => {
    const owner = await registerOwner(t.app);
    const res = await call(t.app, 'POST', `/api/v1/projects/${owner.projectId}/invitations`, {
      token: owner.token,
      body: { email: 'lost@example.com', role: 'manager' },
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      message: 'Не удалось отправить письмо с приглашением, попробуйте ещё раз',
    });
    expect(await t.db.selectFrom('invitations').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('history_events').selectAll().execute()).toEqual([]);
  });
});
