import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerOwner } from '../test/api.js';
import type { Mailbox } from '../test/test-mailbox.js';
import { buildTestAppWithMailbox, type TestApp } from '../test/test-app.js';

const APP_URL = 'http://localhost:5173';

describe('registration with an invitation', () => {
  let t: TestApp;
  let mailbox: Mailbox;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, mailbox, close } = await buildTestAppWithMailbox()));
  afterAll(() => close());

  async function invite(email: string, role: 'admin' | 'manager') {
    const owner = await registerOwner(t.app, 'Команда');
    const sent = await call(t.app, 'POST', `/api/v1/projects/${owner.projectId}/invitations`, {
      token: owner.token,
      body: { email, role },
    });
    expect(sent.status).toBe(201);
    const mail = await mailbox.lastTo(email);
    const link = new URL(mailbox.linkIn(mail, `${APP_URL}/registration?invitation=`));
    return { owner, invitation: link.searchParams.get('invitation')! };
  }

  const register = (email: string, invitationToken?: string) =>
    call(t.app, 'POST', '/api/v1/register', {
      body: {
        name: 'Новичок',
        email,
        password: 'password123',
        password_confirmation: 'password123',
        ...(invitationToken ? { invitation_token: invitationToken } : {}),
      },
    });

  it('joins the project with the invited role, verified, with no verification email', async () => {
    const email = 'invited.manager@example.com';
    const { owner, invitation } = await invite(email, 'manager');
    const res = await register(email, invitation);
    expect(res.status).toBe(201);
    const token = res.body.response.token;

    expect((await call(t.app, 'GET', '/api/v1/user', { token })).body.response).toMatchObject({
      email_verified: true,
      has_projects: true,
    });
    const projects = await call(t.app, 'GET', '/api/v1/user/projects', { token });
    expect(projects.body.response).toEqual([{ id: owner.projectId, name: 'Команда', role: 'manager' }]);
    expect(mailbox.messages.filter((m) => m.subject === 'Подтвердите адрес электронной почты' && JSON.stringify(m.to).includes(email))).toHaveLength(0);

    // The invitation is used up.
    const again = await call(t.app, 'POST', `/api/v1/invitations/${invitation}/accept`, { token });
    expect(again.status).toBe(404);
  });

  it('registers normally (unverified, no project) with an invitation sent to another address', async () => {
    const { invitation } = await invite('someone.else@example.com', 'admin');
    const res = await register('not.invited@example.com', invitation);
    expect(res.status).toBe(201);
    const token = res.body.response.token;
    expect((await call(t.app, 'GET', '/api/v1/user', { token })).body.response).toMatchObject({
      email_verified: false,
      has_projects: false,
    });
    await mailbox.lastTo('not.invited@example.com', 'Подтвердите адрес электронной почты');
  });

  it('registers normally with an unknown invitation token', async () => {
    const res = await register('random.token@example.com', 'no-such-invitation-token');
    expect(res.status).toBe(201);
    const me = await call(t.app, 'GET', '/api/v1/user', { token: res.body.response.token });
    expect(me.body.response.has_projects).toBe(false);
  });
});
