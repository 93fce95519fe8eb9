import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from '../test/api.js';
import type { Mailbox } from '../test/test-mailbox.js';
import { buildTestApp, buildTestAppWithMailbox, type TestApp } from '../test/test-app.js';

const APP_URL = 'http://localhost:5173';

describe('email verification', () => {
  let t: TestApp;
  let mailbox: Mailbox;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, mailbox, close } = await buildTestAppWithMailbox()));
  afterAll(() => close());

  it('sends a Russian email on registration whose link verifies the account, once', async () => {
    const { token, email } = await registerUser(t.app, 'Вера');
    const mail = await mailbox.lastTo(email);
    expect(mail.subject).toBe('Подтвердите адрес электронной почты');
    expect(mail.text).toContain('Здравствуйте, Вера!');
    expect(mail.html).toContain('Подтвердить почту');
    const link = mailbox.linkIn(mail, `${APP_URL}/verify-email/`);
    const hash = link.split('/').pop()!;

    const verified = await call(t.app, 'POST', `/api/v1/email/verify/${hash}`, { token });
    expect(verified.status).toBe(200);
    expect(verified.body.response.email_verified).toBe(true);
    expect((await call(t.app, 'GET', '/api/v1/user', { token })).body.response.email_verified).toBe(true);

    const again = await call(t.app, 'POST', `/api/v1/email/verify/${hash}`, { token });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Ссылка для подтверждения недействительна или устарела');
  });

  it('refuses a link of another user, an expired link, and the anonymous', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const hash = mailbox.linkIn(await mailbox.lastTo(owner.email), `${APP_URL}/verify-email/`).split('/').pop()!;

    expect((await call(t.app, 'POST', `/api/v1/email/verify/${hash}`)).status).toBe(401);
    expect((await call(t.app, 'POST', `/api/v1/email/verify/${hash}`, { token: other.token })).status).toBe(422);

    await t.db.updateTable('email_verifications').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const expired = await call(t.app, 'POST', `/api/v1/email/verify/${hash}`, { token: owner.token });
    expect(expired.status).toBe(422);
    expect((await call(t.app, 'GET', '/api/v1/user', { token: owner.token })).body.response.email_verified).toBe(false);
  });

  it('refuses a resend within 120 s with 429 and Retry-After, then sends a fresh link', async () => {
    const { token, email } = await registerUser(t.app);
    await mailbox.lastTo(email);
    const early = await call(t.app, 'POST', '/api/v1/email/resend', { token });
    expect(early.status).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(100);
    expect(early.body.message).toMatch(/^Письмо уже отправлено\. Повторная отправка возможна через \d+ с\.$/);
    expect(mailbox.countTo(email)).toBe(1);

    const past = new Date(Date.now() - 121_000).toISOString();
    await t.db.updateTable('email_verifications').set({ created_at: past }).execute();
    const resent = await call(t.app, 'POST', '/api/v1/email/resend', { token });
    expect(resent.status).toBe(200);
    expect(resent.body.response.cooldown_seconds).toBe(120);
    await expect.poll(() => mailbox.countTo(email)).toBe(2);
  });

  it('refuses a resend to an already verified account', async () => {
    const { token, email } = await registerUser(t.app);
    const hash = mailbox.linkIn(await mailbox.lastTo(email), `${APP_URL}/verify-email/`).split('/').pop()!;
    await call(t.app, 'POST', `/api/v1/email/verify/${hash}`, { token });
    const res = await call(t.app, 'POST', '/api/v1/email/resend', { token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Почта уже подтверждена');
  });
});

describe('password recovery', () => {
  let t: TestApp;
  let mailbox: Mailbox;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, mailbox, close } = await buildTestAppWithMailbox()));
  afterAll(() => close());

  const forgot = (email: string) => call(t.app, 'POST', '/api/v1/password/forgot', { body: { email } });
  const reset = (body: object) => call(t.app, 'POST', '/api/v1/password/reset', { body });

  it('answers a known and an unknown email identically', async () => {
    const { email } = await registerUser(t.app);
    const known = await forgot(email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await mailbox.lastTo(email, 'Восстановление пароля');
    expect(mailbox.countTo('nobody-here@example.com')).toBe(0);
  });

  it('sets a new password from the emailed link, once, and ends every old session', async () => {
    const { email, token: oldToken } = await registerUser(t.app);
    await forgot(email);
    const mail = await mailbox.lastTo(email, 'Восстановление пароля');
    const link = new URL(mailbox.linkIn(mail, `${APP_URL}/recovery?`));
    expect(link.searchParams.get('email')).toBe(email);
    const linkToken = link.searchParams.get('token')!;

    const done = await reset({ email, token: linkToken, password: 'newpassword1', password_confirmation: 'newpassword1' });
    expect(done.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/user', { token: oldToken })).status).toBe(401);
    const oldLogin = await call(t.app, 'POST', '/api/v1/login', { body: { email, password: 'password123' } });
    expect(oldLogin.status).toBe(422);
    const newLogin = await call(t.app, 'POST', '/api/v1/login', { body: { email, password: 'newpassword1' } });
    expect(newLogin.status).toBe(200);

    const reuse = await reset({ email, token: linkToken, password: 'another123', password_confirmation: 'another123' });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors.token).toEqual(['Ссылка для восстановления недействительна или устарела']);
  });

  it('refuses an expired link, a link for another email, and a mismatched confirmation', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await forgot(a.email);
    const linkToken = new URL(mailbox.linkIn(await mailbox.lastTo(a.email, 'Восстановление пароля'), `${APP_URL}/recovery?`)).searchParams.get('token')!;

    const mismatch = await reset({ email: a.email, token: linkToken, password: 'newpassword1', password_confirmation: 'newpassword2' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual(['Пароли не совпадают']);

    const foreign = await reset({ email: b.email, token: linkToken, password: 'newpassword1', password_confirmation: 'newpassword1' });
    expect(foreign.status).toBe(422);

    await t.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const expired = await reset({ email: a.email, token: linkToken, password: 'newpassword1', password_confirmation: 'newpassword1' });
    expect(expired.status).toBe(422);
    expect((await call(t.app, 'POST', '/api/v1/login', { body: { email: a.email, password: 'password123' } })).status).toBe(200);
  });
});

describe('failed sign-in throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress: ip });

  it('allows 5 failures a minute per email and address, then 429 with Retry-After, even for the right password', async () => {
    const { email } = await registerUser(t.app);
    for (let i = 0; i < 5; i += 1) expect((await login(email, 'wrong-password')).statusCode).toBe(422);
    const blocked = await login(email, 'password123');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/^Слишком много попыток входа\. Попробуйте через \d+ с\.$/);

    // Another address is not blocked; the counter lives in the database.
    expect((await login(email, 'password123', '10.0.0.2')).statusCode).toBe(200);
    expect(await t.db.selectFrom('login_failures').select('id').where('email', '=', email).execute()).toHaveLength(5);

    // A minute later the address may try again.
    const past = new Date(Date.now() - 61_000).toISOString();
    await t.db.updateTable('login_failures').set({ created_at: past }).where('email', '=', email).execute();
    expect((await login(email, 'password123')).statusCode).toBe(200);
  });

  it('counts unknown emails the same way (no enumeration through the limit)', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login('ghost@example.com', 'whatever1')).statusCode).toBe(422);
    expect((await login('ghost@example.com', 'whatever1')).statusCode).toBe(429);
  });
});
