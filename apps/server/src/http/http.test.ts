import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { call } from '../test/api.js';

describe('the HTTP core', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A route that fails the way a bug would, to see what leaks (nothing must).
    t = await buildTestApp(
      {},
      {
        beforeReady: (app) =>
          app.get('/api/v1/_test/boom', { config: { access: 'public' } }, async () => {
            throw new Error('SELECT password_hash FROM users -- secret detail');
          }),
      },
    );
  });
  afterAll(() => t.close());

  it('answers health with the envelope when the database is reachable', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, response: { status: 'ok' } });
  });

  it('answers unknown API routes with the 404 envelope', async () => {
    const res = await call(t.app, 'GET', '/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Маршрут не найден' });
  });

  it('hides the detail of unexpected errors behind "Server Error"', async () => {
    const res = await call(t.app, 'GET', '/api/v1/_test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, message: 'Server Error' });
    expect(JSON.stringify(res.body)).not.toContain('SELECT');
  });

  it('answers malformed JSON with a 400 envelope in Russian', async () => {
    const res = await call(t.app, 'POST', '/api/v1/login', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe('Некорректный JSON в теле запроса');
  });

  it('refuses bodies over the size limit with 413', async () => {
    const res = await call(t.app, 'POST', '/api/v1/login', {
      body: { email: 'a@b.cd', password: 'x'.repeat(1_100_000) },
    });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
  });

  it('maps validation errors to 422 with errors by field, nested keys with dots', async () => {
    const res = await call(t.app, 'POST', '/api/v1/register', {
      body: { name: '', email: 'not-an-email', password: 'short', password_confirmation: 'other' },
    });
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'email',
      'name',
      'password',
      'password_confirmation',
    ]);
    expect(res.body.errors.password_confirmation).toEqual(['Пароли не совпадают']);
    expect(res.body.errors.name).toEqual(['Обязательное поле']);
    expect(res.body.message).toBe(res.body.errors.name[0]);
  });

  it('sends security headers and allows CORS only for APP_URL', async () => {
    const allowed = await call(t.app, 'GET', '/api/health', {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(allowed.headers['x-content-type-options']).toBe('nosniff');
    expect(allowed.headers['cache-control']).toBe('no-store');
    expect(allowed.headers['x-frame-options']).toBe('DENY');
    expect(allowed.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');

    const foreign = await call(t.app, 'GET', '/api/health', { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("sends helmet's document headers on pages", async () => {
    const page = await call(t.app, 'GET', '/clients');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document with every route and a browsable UI', async () => {
    const doc = await call(t.app, 'GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/login', '/api/v1/register', '/api/v1/projects/{projectId}/user']),
    );
    const negotiated = await call(t.app, 'GET', '/api/docs', { headers: { accept: 'application/json' } });
    expect(negotiated.status).toBe(200);
    expect(negotiated.body.paths).toEqual(doc.body.paths);
    const ui = await call(t.app, 'GET', '/api/docs/', { headers: { accept: 'text/html' } });
    expect(ui.status).toBe(200);
    expect(String(ui.body)).toContain('swagger');
  });

  it('refuses to register a route under /api that declares no access level', async () => {
    await expect(
      buildTestApp(
        {},
        {
          beforeReady: (app) => {
            app.get('/api/v1/_test/undeclared', async () => 'x');
          },
        },
      ),
    ).rejects.toThrow(/declares no access level/);
  });
});

describe('the health check', () => {
  it('answers 503 in Russian once the database no longer answers', async () => {
    const t = await buildTestApp();
    try {
      expect((await call(t.app, 'GET', '/api/health')).status).toBe(200);
      await t.db.destroy();
      const res = await call(t.app, 'GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, message: 'База данных недоступна' });
    } finally {
      await t.close();
    }
  });
});
