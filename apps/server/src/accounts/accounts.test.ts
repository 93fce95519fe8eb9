import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('accounts: register, login, logout, user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const register = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/v1/register', { body });

  it('registers, answers 201 with an id|secret token, and the token signs the user in', async () => {
    const res = await register({
      name: 'Анна',
      email: 'Anna@Example.com',
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const token: string = res.body.response.token;
    expect(token).toMatch(/^\d+\|[A-Za-z0-9_-]{43}$/);

    const me = await call(t.app, 'GET', '/api/v1/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.response).toEqual({
      id: expect.any(Number),
      name: 'Анна',
      email: 'anna@example.com',
      email_verified: false,
      has_projects: false,
    });
  });

  it('stores only a hash of the token secret and a scrypt hash of the password', async () => {
    const { token, email } = await registerUser(t.app);
    const secret = token.split('|')[1]!;
    const rows = await t.db.selectFrom('access_tokens').select('secret_hash').execute();
    expect(rows.some((r) => r.secret_hash.includes(secret))).toBe(false);
    const user = await t.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(user.password_hash).not.toContain('password123');
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const { email } = await registerUser(t.app);
    const res = await register({
      name: 'Двойник',
      email: email.toUpperCase(),
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['Пользователь с такой почтой уже зарегистрирован']);
  });

  it('enforces 8 to 128 characters and a matching confirmation', async () => {
    const base = { name: 'Иван', email: 'ivan-rules@example.com' };
    const short = await register({ ...base, password: '1234567', password_confirmation: '1234567' });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual(['Пароль должен содержать не менее 8 символов']);

    const long = 'x'.repeat(129);
    const tooLong = await register({ ...base, password: long, password_confirmation: long });
    expect(tooLong.body.errors.password).toEqual(['Пароль должен содержать не более 128 символов']);

    const differ = await register({ ...base, password: 'password123', password_confirmation: 'password124' });
    expect(differ.status).toBe(422);
    expect(differ.body.errors).toEqual({ password_confirmation: ['Пароли не совпадают'] });
  });

  it('logs in with the right pair only; a wrong pair is 422 on email, same for an unknown email', async () => {
    const { email } = await registerUser(t.app);
    const good = await call(t.app, 'POST', '/api/v1/login', { body: { email, password: 'password123' } });
    expect(good.status).toBe(200);
    expect(good.body.response.token).toMatch(/^\d+\|/);

    const wrong = await call(t.app, 'POST', '/api/v1/login', { body: { email, password: 'password999' } });
    const unknown = await call(t.app, 'POST', '/api/v1/login', {
      body: { email: 'nobody@example.com', password: 'password999' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({
      success: false,
      message: 'Неверная почта или пароль',
      errors: { email: ['Неверная почта или пароль'] },
    });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('logout revokes only the token in use; a revoked or unknown token is 401 everywhere', async () => {
    const { token, email } = await registerUser(t.app);
    const second = await call(t.app, 'POST', '/api/v1/login', { body: { email, password: 'password123' } });
    const otherToken: string = second.body.response.token;

    const out = await call(t.app, 'POST', '/api/v1/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, response: { ok: true } });

    const after = await call(t.app, 'GET', '/api/v1/user', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ success: false, message: 'Требуется вход в систему' });
    expect((await call(t.app, 'GET', '/api/v1/user', { token: otherToken })).status).toBe(200);

    // Right id, wrong secret; malformed; none at all.
    const forged = `${otherToken.split('|')[0]}|${'A'.repeat(43)}`;
    for (const bad of [forged, 'garbage', '0|x', null]) {
      expect((await call(t.app, 'GET', '/api/v1/user', { token: bad })).status).toBe(401);
    }
  });

  it('lists the user projects with his role', async () => {
    const { token } = await registerUser(t.app);
    expect((await call(t.app, 'GET', '/api/v1/user/projects', { token })).body.response).toEqual([]);
    await call(t.app, 'POST', '/api/v1/projects', { token, body: { name: 'Альфа' } });
    const list = await call(t.app, 'GET', '/api/v1/user/projects', { token });
    expect(list.body.response).toEqual([{ id: expect.any(Number), name: 'Альфа', role: 'super_admin' }]);
    const me = await call(t.app, 'GET', '/api/v1/user', { token });
    expect(me.body.response.has_projects).toBe(true);
  });

  it('touches last_used_at at most once a minute, not on every request', async () => {
    const { token } = await registerUser(t.app);
    const id = Number(token.split('|')[0]);
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.db.updateTable('access_tokens').set({ last_used_at: old }).where('id', '=', id).execute();
    await call(t.app, 'GET', '/api/v1/user', { token });
    const first = await t.db.selectFrom('access_tokens').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(first.last_used_at).not.toBe(old);
    await call(t.app, 'GET', '/api/v1/user', { token });
    const second = await t.db.selectFrom('access_tokens').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(second.last_used_at).toBe(first.last_used_at);
  });
});
