import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH } from '@crm/contract';
import { loadConfig } from '../config.js';
import { call, registerUser } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/** A Content-Security-Policy header as directive → its sources (in order). */
const policyOf = (header: unknown): Map<string, string[]> => {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
};

/** The headers of the live stream's response, read as soon as its head arrives. */
const liveStreamHeaders = async (t: TestApp, token: string) => {
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const stop = new AbortController();
  try {
    const res = await fetch(`${origin}${LIVE_EVENTS_PATH}`, {
      headers: { authorization: `Bearer ${token}`, origin: new URL(t.config.appUrl).origin },
      signal: stop.signal,
    });
    expect(res.status).toBe(200);
    return Object.fromEntries(res.headers);
  } finally {
    stop.abort();
  }
};

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'strict-transport-security',
];

describe('security headers over plain HTTP (APP_URL http://…)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("loads a page's styles and fonts from the app's origin only, and lets no inline style in", async () => {
    for (const url of ['/', '/clients', '/login']) {
      const policy = policyOf((await call(t.app, 'GET', url)).headers['content-security-policy']);
      expect(policy.get('style-src'), url).toEqual(["'self'"]);
      expect(policy.get('font-src'), url).toEqual(["'self'"]);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.has('style-src-attr') || policy.has('style-src-elem'), url).toBe(false);
      expect(policy.has('upgrade-insecure-requests'), url).toBe(false);
    }
  });

  it('gives the API docs the pages’ policy: no upgrade-insecure-requests over HTTP, no styles or fonts from elsewhere', async () => {
    const page = await call(t.app, 'GET', '/clients');
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.html']) {
      const docs = await call(t.app, 'GET', url, { headers: { accept: 'text/html' } });
      expect(docs.status, url).toBeLessThan(400);
      expect(docs.headers['content-security-policy'], url).toBe(page.headers['content-security-policy']);
      expect(policyOf(docs.headers['content-security-policy']).has('upgrade-insecure-requests'), url).toBe(
        false,
      );
    }
  });

  it('sends no Strict-Transport-Security by default', async () => {
    expect(loadConfig({}).hstsMaxAge).toBe(0);
    for (const url of ['/clients', '/api/health', '/api/docs/']) {
      expect((await call(t.app, 'GET', url)).headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends the live stream with the API’s security headers (and its CORS origin)', async () => {
    const { token } = await registerUser(t.app);
    const api = await call(t.app, 'GET', '/api/v1/user', {
      token,
      headers: { origin: 'http://localhost:5173' },
    });
    expect(api.status).toBe(200);
    const stream = await liveStreamHeaders(t, token);
    expect(stream['content-type']).toBe('text/event-stream; charset=utf-8');
    for (const name of SECURITY_HEADERS) expect(stream[name], name).toBe(api.headers[name]);
    expect(stream['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(stream['x-frame-options']).toBe('DENY');
    expect(stream['cache-control']).toMatch(/^no-store\b/);
    expect(stream['access-control-allow-origin']).toBe('http://localhost:5173');
  });
});

describe('security headers behind TLS', () => {
  const ONE_YEAR = 'max-age=31536000; includeSubDomains';
  const apps: TestApp[] = [];
  const appWith = async (env: Record<string, string>) => {
    const config = loadConfig(env);
    const t = await buildTestApp({ appUrl: config.appUrl, hstsMaxAge: config.hstsMaxAge });
    apps.push(t);
    return t;
  };
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  it('with an https APP_URL: a year of HSTS on pages, docs, the API and the live stream, and upgrade-insecure-requests on documents', async () => {
    const t = await appWith({ APP_URL: 'https://crm.example.com' });
    for (const url of ['/clients', '/api/docs/']) {
      const res = await call(t.app, 'GET', url);
      expect(res.headers['strict-transport-security'], url).toBe(ONE_YEAR);
      expect(policyOf(res.headers['content-security-policy']).get('upgrade-insecure-requests'), url).toEqual(
        [],
      );
    }
    const { token } = await registerUser(t.app);
    expect((await call(t.app, 'GET', '/api/v1/user', { token })).headers['strict-transport-security']).toBe(
      ONE_YEAR,
    );
    expect((await liveStreamHeaders(t, token))['strict-transport-security']).toBe(ONE_YEAR);
  });

  it('HSTS_MAX_AGE sets the time, also when TLS ends at a proxy before an http APP_URL; 0 turns it off', async () => {
    const proxied = await appWith({ APP_URL: 'http://crm.internal:3000', HSTS_MAX_AGE: '600' });
    for (const url of ['/clients', '/api/health']) {
      expect((await call(proxied.app, 'GET', url)).headers['strict-transport-security'], url).toBe(
        'max-age=600; includeSubDomains',
      );
    }
    // The page is still addressed over HTTP: its requests are not upgraded.
    const page = await call(proxied.app, 'GET', '/clients');
    expect(policyOf(page.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);

    const off = await appWith({ APP_URL: 'https://crm.example.com', HSTS_MAX_AGE: '0' });
    for (const url of ['/clients', '/api/health']) {
      expect((await call(off.app, 'GET', url)).headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('refuses an HSTS_MAX_AGE that is not a whole number of seconds', () => {
    for (const value of ['-1', 'year', '1.5']) {
      expect(() => loadConfig({ HSTS_MAX_AGE: value }), value).toThrow(/HSTS_MAX_AGE/);
    }
  });
});
