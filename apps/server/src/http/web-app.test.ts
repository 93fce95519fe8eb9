import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

const PRELOAD = 'document.head.append(document.createElement("link"))';

describe('the web app’s documents', () => {
  let t: TestApp;
  const webDist = mkdtempSync(join(tmpdir(), 'crm-web-pages-'));

  beforeAll(async () => {
    writeFileSync(
      join(webDist, 'index.html'),
      `<!doctype html><title>app</title><script type="module" src="/assets/app.js"></script><script>${PRELOAD}</script>`,
    );
    writeFileSync(join(webDist, 'login.html'), '<!doctype html><title>login</title>');
    t = await buildTestApp({}, { webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const documentOf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    return /<title>(\w+)<\/title>/.exec(res.body)?.[1];
  };

  it('allows the pages’ own inline script by its hash, and no other inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/clients' });
    const scriptSrc = /script-src ([^;]+)/.exec(res.headers['content-security-policy'] as string)?.[1];
    const hash = createHash('sha256').update(PRELOAD).digest('base64');
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });

  it('answers /login with its own small entry, however it is written', async () => {
    for (const url of ['/login', '/login/', '/login?from=mail']) expect(await documentOf(url)).toBe('login');
  });

  it('answers every other page with the app', async () => {
    for (const url of [
      '/',
      '/clients',
      '/registration',
      '/login_data_processing',
      '/login/x',
      '/index',
      '/verify-email/abc',
    ]) {
      expect(await documentOf(url)).toBe('app');
    }
  });

  it('still answers an unknown API path with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Маршрут не найден' });
  });
});
