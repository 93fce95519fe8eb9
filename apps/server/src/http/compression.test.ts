import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { statusesEndpoints } from '@crm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { precompress } from '../../../../scripts/precompress.mjs';
import { callEndpoint, registerOwner, urlOf } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { route } from './route.js';

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('compressed answers', () => {
  let t: TestApp;
  const webDist = mkdtempSync(join(tmpdir(), 'crm-web-dist-'));
  const script = `console.log(${JSON.stringify('Клиенты '.repeat(2000))});`;
  const secretShape = { method: 'GET', path: '/_test/me', response: z.object({ id: z.number(), name: z.string() }), tag: 'test' } as const;

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>CRM</title>');
    writeFileSync(join(webDist, 'assets', 'app-1234.js'), script);
    precompress(webDist);
    t = await buildTestApp(
      {},
      {
        webDist,
        beforeReady: (app) =>
          app.register(
            async (v1) =>
              // A handler that returns more than its endpoint declares, as a careless query would.
              route(v1, secretShape, { access: 'public', handler: async () => ({ id: 1, name: 'Анна', password_hash: 'scrypt$secret' }) as never }),
            { prefix: '/api/v1' },
          ),
      },
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('a built asset: brotli and gzip files decode to the same bytes, chosen by Accept-Encoding, with Vary', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      const sent = res.headers['content-encoding'] as string | undefined;
      expect(sent).toBe(encoding === 'identity' ? undefined : encoding);
      expect(decode(sent, res.rawPayload).toString()).toBe(script);
      if (encoding !== 'identity') expect(res.rawPayload.length).toBeLessThan(script.length / 10);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it('a large API answer is compressed and decodes to the same JSON; a small one is sent as it is', async () => {
    const owner = await registerOwner(t.app);
    const params = { projectId: owner.projectId };
    for (let i = 0; i < 30; i += 1) {
      await callEndpoint(t.app, statusesEndpoints.create, { token: owner.token, params, body: { name: `Уровень продаж номер ${i}` } });
    }
    const url = urlOf(statusesEndpoints.list, params);
    const headers = { authorization: `Bearer ${owner.token}` };
    const plain = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(encoding, res.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    const small = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { ...headers, 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('an answer carries only the fields its endpoint declares: a stray password hash never reaches the client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/_test/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, response: { id: 1, name: 'Анна' } });
    expect(res.body).not.toContain('scrypt');
  });
});
