import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsEndpoints,
  clientsEndpoints,
  integrationsEndpoints,
  teamEndpoints,
  type ApiKeyCreateBody,
} from '@crm/contract';
import { call, callEndpoint, registerOwner, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { buildTestApp, buildTwin, testDialect, type TestApp } from '../../test/test-app.js';

describe('API keys', () => {
  let t: TestApp;
  let p: Awaited<ReturnType<typeof pipelineProject>>;
  let categoryId: number;
  let managerId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    p = await pipelineProject(t, 'Ключи');
    categoryId = (await p.addCategory({ name: 'Новые' })).id;
    managerId = p.manager.id;
  });
  afterAll(() => t.close());

  const createKey = async (body: ApiKeyCreateBody, token = p.admin.token, projectId = p.owner.projectId) => {
    const res = await callEndpoint(t.app, integrationsEndpoints.createApiKey, { params: { projectId }, token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as { id: number; key: string; name: string };
  };
  const clients = (projectId = p.owner.projectId) => urlOf(clientsEndpoints.list, { projectId });

  it('is shown once at creation, then listed without its secret, with its last use', async () => {
    const created = await createKey({ name: 'Сайт', scope: 'write' });
    expect(created.key).toMatch(/^\d+\|.{40,}$/);
    const list = async () =>
      (await callEndpoint(t.app, integrationsEndpoints.apiKeys, { params: { projectId: p.owner.projectId }, token: p.admin.token }))
        .body.response as Array<Record<string, unknown>>;
    const before = (await list()).find((k) => k.id === created.id)!;
    expect(before).toMatchObject({ name: 'Сайт', scope: 'write', expires_on: null, last_used_at: null });
    expect(before.created_by).toMatchObject({ name: 'Анна Админова' });
    expect(JSON.stringify(await list())).not.toContain(created.key.split('|')[1]);
    // Stored hashed, as a session's token.
    const row = await t.db.selectFrom('access_tokens').select('secret_hash').where('id', '=', Number(created.key.split('|')[0])).executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toContain(created.key.split('|')[1]);

    expect((await call(t.app, 'GET', clients(), { token: created.key })).status).toBe(200);
    const used = (await list()).find((k) => k.id === created.id)!.last_used_at as string;
    expect(Date.parse(used)).toBeGreaterThanOrEqual(Date.parse(before.created_at as string));
  });

  it('acts as a technical admin: writes in the history as «API-ключ», is on no team list', async () => {
    const { key } = await createKey({ name: '1С', scope: 'write' });
    const created = await call(t.app, 'POST', clients(), {
      token: key,
      body: { name: 'Из', last_name: 'Скрипта', amount: 10, category_id: categoryId, manager_id: managerId, fields: [] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [entry] = await t.db
      .selectFrom('history_events as h')
      .innerJoin('users as u', 'u.id', 'h.actor_id')
      .select(['u.name', 'h.message'])
      .where('h.kind', '=', 'client.created')
      .where('h.subject_id', '=', created.body.response.id)
      .execute();
    expect(entry!.name).toBe('API-ключ «1С»');
    // The manager sees it as his.
    expect((await call(t.app, 'GET', urlOf(clientsEndpoints.get, { projectId: p.owner.projectId, id: created.body.response.id }), { token: p.manager.token })).status).toBe(200);

    // Without a manager: the key leads no client.
    const orphan = await call(t.app, 'POST', clients(), {
      token: key,
      body: { name: 'Без', last_name: 'Менеджера', amount: 0, category_id: categoryId, fields: [] },
    });
    expect(orphan.status).toBe(422);
    expect(orphan.body.errors.manager_id[0]).toContain('Укажите менеджера');

    const team = await callEndpoint(t.app, teamEndpoints.team, { params: { projectId: p.owner.projectId }, token: p.admin.token });
    expect(team.body.response.map((m: { name: string }) => m.name)).not.toContain('API-ключ «1С»');
    const members = await callEndpoint(t.app, teamEndpoints.members, { params: { projectId: p.owner.projectId }, query: {}, token: key } as never);
    expect(members.status).toBe(200);
    expect(members.body.response.map((m: { name: string }) => m.name)).not.toContain('API-ключ «1С»');
  });

  it('refuses a read-only key on a write with 403 at once, and lets it read', async () => {
    const { key } = await createKey({ name: 'Отчёты', scope: 'read' });
    expect((await call(t.app, 'GET', clients(), { token: key })).status).toBe(200);
    const write = await call(t.app, 'POST', clients(), {
      token: key,
      body: { name: 'Нельзя', last_name: 'Писать', amount: 0, category_id: categoryId, manager_id: managerId, fields: [] },
    });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('Ключ только для чтения: изменения по нему недоступны');
    const stored = await t.db.selectFrom('clients').select('id').where('name', '=', 'Нельзя').execute();
    expect(stored).toEqual([]);
  });

  it("answers 404 for another project's key, 403 on account and team operations", async () => {
    const { key } = await createKey({ name: 'Чужой', scope: 'write' });
    const other = await registerOwner(t.app, 'Другой проект');
    expect((await call(t.app, 'GET', clients(other.projectId), { token: key })).status).toBe(404);
    expect((await callEndpoint(t.app, accountsEndpoints.user, { token: key })).status).toBe(403);
    const invite = await call(t.app, 'POST', `/api/v1/projects/${p.owner.projectId}/invitations`, {
      token: key,
      body: { email: 'new@example.com', role: 'manager' },
    });
    expect(invite.status).toBe(403);
    expect(invite.body.message).toBe('Это действие недоступно по API-ключу');
    const remove = await call(t.app, 'DELETE', `/api/v1/projects/${p.owner.projectId}/members/${managerId}`, { token: key });
    expect(remove.status).toBe(403);
    const switched = await call(t.app, 'GET', `/api/v1/projects/${p.owner.projectId}/member-access-token/${managerId}`, { token: key });
    expect(switched.status).toBe(403);
    const mint = await callEndpoint(t.app, integrationsEndpoints.createApiKey, {
      params: { projectId: p.owner.projectId },
      token: key,
      body: { name: 'Ещё', scope: 'write' },
    });
    expect(mint.status).toBe(403);
  });

  it('refuses a manager and the anonymous on the keys, and a key of another project there', async () => {
    const params = { projectId: p.owner.projectId };
    expect((await callEndpoint(t.app, integrationsEndpoints.apiKeys, { params, token: p.manager.token })).status).toBe(403);
    expect((await callEndpoint(t.app, integrationsEndpoints.apiKeys, { params })).status).toBe(401);
    const outsider = await registerOwner(t.app, 'Посторонний');
    expect((await callEndpoint(t.app, integrationsEndpoints.apiKeys, { params, token: outsider.token })).status).toBe(404);
    const { id } = await createKey({ name: 'Отзываемый', scope: 'read' });
    const revoke = await callEndpoint(t.app, integrationsEndpoints.revokeApiKey, {
      params: { projectId: outsider.projectId, keyId: id },
      token: outsider.token,
    });
    expect(revoke.status).toBe(404);
  });

  it('is refused with 401 on the request after its revocation', async () => {
    const { id, key } = await createKey({ name: 'Временный', scope: 'write' });
    for (let i = 0; i < 3; i += 1) expect((await call(t.app, 'GET', clients(), { token: key })).status).toBe(200);
    const revoked = await callEndpoint(t.app, integrationsEndpoints.revokeApiKey, {
      params: { projectId: p.owner.projectId, keyId: id },
      token: p.admin.token,
    });
    expect(revoked.status).toBe(200);
    expect((await call(t.app, 'GET', clients(), { token: key })).status).toBe(401);
    const list = await callEndpoint(t.app, integrationsEndpoints.apiKeys, { params: { projectId: p.owner.projectId }, token: p.admin.token });
    expect(list.body.response.map((k: { id: number }) => k.id)).not.toContain(id);
    const again = await callEndpoint(t.app, integrationsEndpoints.revokeApiKey, {
      params: { projectId: p.owner.projectId, keyId: id },
      token: p.admin.token,
    });
    expect(again.status).toBe(404);
    const [entry] = await p.history('api_key.revoked');
    expect(entry!.message).toBe('Отозван API-ключ «Временный»');
  });

  it('works through its last day in the project, then 401; a past day is refused', async () => {
    t.clock.set(new Date('2026-12-10T09:00:00Z'));
    const past = await callEndpoint(t.app, integrationsEndpoints.createApiKey, {
      params: { projectId: p.owner.projectId },
      token: p.admin.token,
      body: { name: 'Вчерашний', scope: 'read', expires_on: '2026-12-09' },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors.expires_on).toEqual(['Дата окончания не может быть в прошлом']);

    const { key } = await createKey({ name: 'На день', scope: 'read', expires_on: '2026-12-10' });
    expect((await call(t.app, 'GET', clients(), { token: key })).status).toBe(200);
    t.clock.set(new Date('2026-12-11T01:00:00Z'));
    expect((await call(t.app, 'GET', clients(), { token: key })).status).toBe(401);
  });

  it('rejects a bad name or scope with Russian messages', async () => {
    const res = await callEndpoint(t.app, integrationsEndpoints.createApiKey, {
      params: { projectId: p.owner.projectId },
      token: p.admin.token,
      body: { name: ' ', scope: 'admin' } as never,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['name', 'scope']);
    expect(res.body.errors.scope).toEqual(['Выберите права ключа']);
  });

  it('marks in the OpenAPI document which operations a key may call, and with which scope', async () => {
    const doc = (await call(t.app, 'GET', '/api/docs/json')).body;
    const op = (path: string, method: string) => doc.paths[path][method];
    expect(op('/api/v1/projects/{projectId}/clients', 'get')['x-api-key-scope']).toBe('read');
    expect(op('/api/v1/projects/{projectId}/clients', 'post')['x-api-key-scope']).toBe('write');
    expect(op('/api/v1/projects/{projectId}/clients', 'post').security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(op('/api/v1/projects/{projectId}/api-keys', 'get')['x-api-key-scope']).toBeUndefined();
    expect(op('/api/v1/user', 'get')['x-api-key-scope']).toBeUndefined();
    expect(op('/api/v1/projects/{projectId}/invitations', 'post')['x-api-key-scope']).toBeUndefined();
  });
});

describe('an API key past its rate', () => {
  it('gets 429 with Retry-After, and the next request once that time passed', async () => {
    const t = await buildTestApp({ apiKeyRateLimit: 3 });
    try {
      const p = await pipelineProject(t, 'Темп');
      const res = await callEndpoint(t.app, integrationsEndpoints.createApiKey, {
        params: { projectId: p.owner.projectId },
        token: p.admin.token,
        body: { name: 'Частый', scope: 'read' },
      });
      const key = res.body.response.key as string;
      const url = urlOf(clientsEndpoints.list, { projectId: p.owner.projectId });
      for (let i = 0; i < 3; i += 1) expect((await call(t.app, 'GET', url, { token: key })).status).toBe(200);
      const refused = await call(t.app, 'GET', url, { token: key });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('20');
      // A person's session is not counted with it.
      expect((await call(t.app, 'GET', url, { token: p.admin.token })).status).toBe(200);
      t.clock.advance(20_000);
      expect((await call(t.app, 'GET', url, { token: key })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(testDialect === 'postgres' && redisUrl)('a key revoked on one instance', () => {
  it('is refused at once on the other, which had it cached', async () => {
    const one = await buildTestApp({ redisUrl, redisPrefix: `crm-test-${randomBytes(4).toString('hex')}:` });
    const two = await buildTwin(one);
    try {
      const p = await pipelineProject(one, 'Два сервера');
      const created = await callEndpoint(one.app, integrationsEndpoints.createApiKey, {
        params: { projectId: p.owner.projectId },
        token: p.admin.token,
        body: { name: 'Общий', scope: 'read' },
      });
      const { id, key } = created.body.response as { id: number; key: string };
      const url = urlOf(clientsEndpoints.list, { projectId: p.owner.projectId });
      expect((await call(two.app, 'GET', url, { token: key })).status).toBe(200);
      await callEndpoint(one.app, integrationsEndpoints.revokeApiKey, {
        params: { projectId: p.owner.projectId, keyId: id },
        token: p.admin.token,
      });
      await expect.poll(async () => (await call(two.app, 'GET', url, { token: key })).status).toBe(401);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
