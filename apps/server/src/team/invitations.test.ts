import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashInvitationToken } from './invitation-claims.js';
import { addMember } from './index.js';
import { call, registerOwner, registerUser } from '../test/api.js';
import { joinAs, userIdOf } from '../test/members.js';
import { buildTestAppWithMailbox, type TestApp } from '../test/test-app.js';
import { invitationHelpers, LINK_PREFIX, type Mailbox } from './invitations.fixtures.js';

describe('invitations: sending, accepting, duplicates, expiry, revocation', () => {
  let t: TestApp;
  let mailbox: Mailbox;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, mailbox, close } = await buildTestAppWithMailbox()));
  afterAll(() => close());
  const { freshEmail, invitations, invite, register } = invitationHelpers(() => ({ t, mailbox }));

  it('emails a link that a new person uses to join with the invited role and the default status', async () => {
    const owner = await registerOwner(t.app, 'Отдел продаж');
    const status = await call(t.app, 'POST', `/api/v1/projects/${owner.projectId}/statuses`, {
      token: owner.token,
      body: { name: 'Новичок' },
    });
    const email = freshEmail();

    const res = await call(t.app, 'POST', invitations(owner.projectId), {
      token: owner.token,
      body: { email: `  ${email.toUpperCase()} `, role: 'manager' },
    });
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({
      id: expect.any(Number),
      email,
      role: 'manager',
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    const ttl = Date.parse(res.body.response.expires_at) - Date.parse(res.body.response.created_at);
    expect(ttl).toBe(7 * 24 * 3600 * 1000);

    const mail = await mailbox.lastTo(email);
    expect(mail.subject).toBe('Приглашение в проект «Отдел продаж»');
    expect(mail.text).toContain('Владелец приглашает вас в команду проекта «Отдел продаж», роль «Менеджер».');
    expect(mail.html).toContain('Принять приглашение');
    const link = mailbox.linkIn(mail, LINK_PREFIX);
    const token = decodeURIComponent(link.slice(LINK_PREFIX.length));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the hash of the token is stored.
    const row = await t.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', res.body.response.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const listed = await call(t.app, 'GET', invitations(owner.projectId), { token: owner.token });
    expect(listed.body.response.map((i: { email: string }) => i.email)).toEqual([email]);

    const preview = await call(t.app, 'GET', `/api/v1/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body.response).toEqual({ project_name: 'Отдел продаж', email, role: 'manager' });

    const newcomer = await register(email);
    const accepted = await call(t.app, 'POST', `/api/v1/invitations/${token}/accept`, { token: newcomer });
    expect(accepted.status).toBe(200);
    expect(accepted.body.response).toEqual({
      project_id: owner.projectId,
      project_name: 'Отдел продаж',
      role: 'manager',
    });

    const me = await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/user`, { token: newcomer });
    expect(me.status).toBe(200);
    expect(me.body.response.project_data).toEqual({
      project_id: owner.projectId,
      role: 'manager',
      status_id: status.body.response.id,
    });
    // The token came to his address: the address is proven.
    expect(me.body.response.user).toMatchObject({ email, email_verified: true, has_projects: true });

    const after = await call(t.app, 'GET', invitations(owner.projectId), { token: owner.token });
    expect(after.body.response).toEqual([]);
    const again = await call(t.app, 'POST', `/api/v1/invitations/${token}/accept`, { token: newcomer });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Это приглашение уже принято');
    expect((await call(t.app, 'GET', `/api/v1/invitations/${token}`)).status).toBe(404);

    const history = await t.db
      .selectFrom('history_events')
      .select(['kind', 'message', 'actor_id'])
      .where('project_id', '=', owner.projectId)
      .where('subject_type', '=', 'invitation')
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.kind)).toEqual(['invitation.sent', 'invitation.accepted']);
    expect(history[0]!.message).toBe(`Отправлено приглашение на ${email}, роль «Менеджер»`);
    expect(history[1]!.actor_id).toBe(await userIdOf(t.app, newcomer));
  });

  it('lets an existing user accept the admin role, after which he may invite', async () => {
    const owner = await registerOwner(t.app);
    const existing = await registerUser(t.app, 'Будущий Админ');
    const { token } = await invite(owner, existing.email, 'admin');
    const res = await call(t.app, 'POST', `/api/v1/invitations/${token}/accept`, { token: existing.token });
    expect(res.status).toBe(200);
    const me = await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/user`, {
      token: existing.token,
    });
    expect(me.body.response.project_data).toEqual({
      project_id: owner.projectId,
      role: 'admin',
      status_id: null,
    });
    // The new admin may now invite.
    const byAdmin = await call(t.app, 'POST', invitations(owner.projectId), {
      token: existing.token,
      body: { email: freshEmail(), role: 'manager' },
    });
    expect(byAdmin.status).toBe(201);
  });

  it('refuses a second pending invitation for the address, whatever its case, and inviting a member', async () => {
    const owner = await registerOwner(t.app);
    const email = freshEmail();
    await invite(owner, email);
    const twice = await call(t.app, 'POST', invitations(owner.projectId), {
      token: owner.token,
      body: { email: email.toUpperCase(), role: 'admin' },
    });
    expect(twice.status).toBe(422);
    expect(twice.body).toEqual({
      success: false,
      message: 'Приглашение на эту почту уже отправлено и ещё действует',
      errors: { email: ['Приглашение на эту почту уже отправлено и ещё действует'] },
    });

    const member = await joinAs(t, owner.projectId, 'manager');
    const inviteMember = await call(t.app, 'POST', invitations(owner.projectId), {
      token: owner.token,
      body: { email: member.email, role: 'manager' },
    });
    expect(inviteMember.status).toBe(422);
    expect(inviteMember.body.errors.email).toEqual(['Этот пользователь уже состоит в проекте']);
    const self = await call(t.app, 'POST', invitations(owner.projectId), {
      token: owner.token,
      body: { email: owner.email, role: 'admin' },
    });
    expect(self.status).toBe(422);

    // The same address may be invited into another project.
    const other = await registerOwner(t.app);
    await invite(other, email);
  });

  it('validates the address and the role', async () => {
    const owner = await registerOwner(t.app);
    const res = await call(t.app, 'POST', invitations(owner.projectId), {
      token: owner.token,
      body: { email: 'not-an-email', role: 'super_admin' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['Введите корректный адрес электронной почты'],
      role: ['Выберите роль: админ или менеджер'],
    });
    const empty = await call(t.app, 'POST', invitations(owner.projectId), { token: owner.token, body: {} });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'role']);
  });

  it('makes an expired invitation unusable and lets the address be invited again', async () => {
    const owner = await registerOwner(t.app);
    const email = freshEmail();
    const first = await invite(owner, email);
    await t.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', first.id)
      .execute();

    const preview = await call(t.app, 'GET', `/api/v1/invitations/${first.token}`);
    expect(preview.status).toBe(404);
    expect(preview.body.message).toBe(
      'Срок действия приглашения истёк: попросите администратора проекта прислать новое',
    );
    const newcomer = await register(email);
    const accept = await call(t.app, 'POST', `/api/v1/invitations/${first.token}/accept`, {
      token: newcomer,
    });
    expect(accept.status).toBe(404);
    expect(accept.body.message).toContain('Срок действия приглашения истёк');
    expect(
      (await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/user`, { token: newcomer })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', invitations(owner.projectId), { token: owner.token })).body.response,
    ).toEqual([]);
    expect(
      (await call(t.app, 'DELETE', `${invitations(owner.projectId)}/${first.id}`, { token: owner.token }))
        .status,
    ).toBe(404);

    const second = await invite(owner, email);
    expect(second.token).not.toBe(first.token);
    const ok = await call(t.app, 'POST', `/api/v1/invitations/${second.token}/accept`, { token: newcomer });
    expect(ok.status).toBe(200);
  });

  it('revokes a pending invitation: its link stops working', async () => {
    const owner = await registerOwner(t.app);
    const email = freshEmail();
    const { id, token } = await invite(owner, email);
    const del = await call(t.app, 'DELETE', `${invitations(owner.projectId)}/${id}`, { token: owner.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, response: { ok: true } });
    expect(
      (await call(t.app, 'GET', invitations(owner.projectId), { token: owner.token })).body.response,
    ).toEqual([]);

    const preview = await call(t.app, 'GET', `/api/v1/invitations/${token}`);
    expect(preview.status).toBe(404);
    expect(preview.body.message).toBe('Это приглашение отозвано администратором проекта');
    const newcomer = await register(email);
    const accept = await call(t.app, 'POST', `/api/v1/invitations/${token}/accept`, { token: newcomer });
    expect(accept.status).toBe(404);
    expect(accept.body.message).toBe('Это приглашение отозвано администратором проекта');
    const twice = await call(t.app, 'DELETE', `${invitations(owner.projectId)}/${id}`, {
      token: owner.token,
    });
    expect(twice.status).toBe(404);

    const kinds = await t.db
      .selectFrom('history_events')
      .select('kind')
      .where('project_id', '=', owner.projectId)
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['invitation.sent', 'invitation.revoked']);
    // A new invitation may follow a revoked one.
    await invite(owner, email);
  });

  it('refuses a signed-in user whose address is not the invited one, and keeps the invitation', async () => {
    const owner = await registerOwner(t.app);
    const email = freshEmail();
    const { token } = await invite(owner, email);
    const someoneElse = await registerUser(t.app, 'Посторонний');
    const res = await call(t.app, 'POST', `/api/v1/invitations/${token}/accept`, {
      token: someoneElse.token,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['Приглашение отправлено на другой адрес: войдите под почтой, на которую пришло письмо'],
    });
    expect(
      (await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/user`, { token: someoneElse.token }))
        .status,
    ).toBe(404);
    const invited = await register(email.toUpperCase().replace('@EXAMPLE.COM', '@Example.com'));
    expect(
      (await call(t.app, 'POST', `/api/v1/invitations/${token}/accept`, { token: invited })).status,
    ).toBe(200);
  });

  it('refuses a user who is already a member of the project (422), keeping the invitation', async () => {
    const owner = await registerOwner(t.app);
    const person = await registerUser(t.app, 'Уже в команде');
    const { token } = await invite(owner, person.email);
    await addMember(t.db, t.clock.now(), owner.projectId, await userIdOf(t.app, person.token), 'manager');
    const res = await call(t.app, 'POST', `/api/v1/invitations/${token}/accept`, { token: person.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ invitation: ['Вы уже состоите в этом проекте'] });
  });

  it('lets only one of several simultaneous invitations to an address through', async () => {
    const owner = await registerOwner(t.app);
    const email = freshEmail();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.app, 'POST', invitations(owner.projectId), {
          token: owner.token,
          body: { email, role: 'manager' },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422]);
    const listed = await call(t.app, 'GET', invitations(owner.projectId), { token: owner.token });
    expect(listed.body.response).toHaveLength(1);
  });

  it('lets only one of two simultaneous acceptances win', async () => {
    const owner = await registerOwner(t.app);
    const person = await registerUser(t.app, 'Двойной клик');
    const { token } = await invite(owner, person.email);
    const answers = await Promise.all(
      [1, 2].map(() => call(t.app, 'POST', `/api/v1/invitations/${token}/accept`, { token: person.token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    const members = await t.db
      .selectFrom('project_members')
      .select('id')
      .where('project_id', '=', owner.projectId)
      .execute();
    expect(members).toHaveLength(2);
  });
});
