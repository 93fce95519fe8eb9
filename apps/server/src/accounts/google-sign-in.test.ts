import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { startOidcProvider, TEST_CLIENT } from '../test/test-oidc-provider.js';

const APP_URL = 'http://localhost:5173';

describe('Google sign-in (OpenID Connect code flow against a local provider)', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    provider = await startOidcProvider(`${APP_URL}/login_data_processing`);
    t = await buildTestApp({
      google: { clientId: TEST_CLIENT.id, clientSecret: TEST_CLIENT.secret, issuer: provider.issuer },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  async function signInAs(email: string) {
    const redirect = await call(t.app, 'GET', '/api/v1/socialite/redirect-url?provider=google');
    expect(redirect.status).toBe(200);
    const authUrl = new URL(redirect.body.response.url);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    const callback = await provider.signIn(authUrl.href, email);
    const body = {
      provider: 'google',
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      ...(callback.searchParams.get('iss') ? { iss: callback.searchParams.get('iss') } : {}),
    };
    return { body, answer: await call(t.app, 'POST', '/api/v1/socialite/login', { body }) };
  }

  it('says Google is offered', async () => {
    expect((await call(t.app, 'GET', '/api/v1/auth/config')).body.response).toEqual({ google: true });
  });

  it('creates a verified account for a new Google user and signs him in', async () => {
    const { answer } = await signInAs('new.google.user@example.com');
    expect(answer.status).toBe(200);
    const me = await call(t.app, 'GET', '/api/v1/user', { token: answer.body.response.token });
    expect(me.body.response).toMatchObject({ email: 'new.google.user@example.com', email_verified: true, name: 'Гугл Пользователь' });
  });

  it('signs in the existing account with the same verified email, and verifies it', async () => {
    const { email } = await registerUser(t.app, 'Существующий');
    const { answer } = await signInAs(email);
    expect(answer.status).toBe(200);
    const me = await call(t.app, 'GET', '/api/v1/user', { token: answer.body.response.token });
    expect(me.body.response).toMatchObject({ email, name: 'Существующий', email_verified: true });
  });

  it('refuses a reused state or code, and an email Google has not verified', async () => {
    const { body } = await signInAs('once@example.com');
    const replay = await call(t.app, 'POST', '/api/v1/socialite/login', { body });
    expect(replay.status).toBe(422);
    expect(replay.body.errors.state).toBeDefined();

    const { answer } = await signInAs('unverified@example.com');
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Google не подтвердил адрес почты этого аккаунта');
  });

  it('refuses a forged code', async () => {
    const redirect = await call(t.app, 'GET', '/api/v1/socialite/redirect-url?provider=google');
    const state = new URL(redirect.body.response.url).searchParams.get('state');
    const res = await call(t.app, 'POST', '/api/v1/socialite/login', {
      body: { provider: 'google', code: 'forged-code', state, iss: provider.issuer },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Не удалось войти через Google. Попробуйте ещё раз.');
  });
});

describe('Google sign-in when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is not offered, and both endpoints answer 503 with a clear message', async () => {
    expect((await call(t.app, 'GET', '/api/v1/auth/config')).body.response).toEqual({ google: false });
    const url = await call(t.app, 'GET', '/api/v1/socialite/redirect-url?provider=google');
    expect(url.status).toBe(503);
    expect(url.body).toEqual({ success: false, message: 'Вход через Google не настроен на этом сервере' });
    const login = await call(t.app, 'POST', '/api/v1/socialite/login', { body: { provider: 'google', code: 'x', state: 'y' } });
    expect(login.status).toBe(503);
  });
});
