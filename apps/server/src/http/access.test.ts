import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationsEndpoints } from '@crm/contract';
import { call, callEndpoint, registerOwner, registerUser } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { issueToken } from '../identity/tokens.js';

/**
 * Walks the whole route table: every route that is not public refuses the anonymous; every
 * project route refuses a member of another project; every admin route refuses a manager.
 * A new route is covered the moment it is registered.
 */
describe('every route declares who may call it, and the guard enforces it', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let outsider: Awaited<ReturnType<typeof registerOwner>>;
  let managerToken: string;
  let managerId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await registerOwner(t.app);
    outsider = await registerOwner(t.app, 'Чужой проект');
    const manager = await registerUser(t.app, 'Менеджер');
    managerToken = manager.token;
    managerId = (await call(t.app, 'GET', '/api/v1/user', { token: manager.token })).body.response.id;
    await t.db
      .insertInto('project_members')
      .values({ project_id: owner.projectId, user_id: managerId, role: 'manager', status_id: null, created_at: new Date().toISOString() })
      .execute();
  });
  afterAll(() => t.close());

  const urlFor = (url: string) =>
    url.replace(':projectId', String(owner.projectId)).replace(/:[A-Za-z]+\??/g, '1');
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

  it('has routes to walk', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
  });

  it('refuses the anonymous on every non-public route with 401', async () => {
    for (const route of t.app.routeTable.filter((r) => r.access !== 'public')) {
      const res = await call(t.app, route.method as Method, urlFor(route.url), { body: {} });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses a member of another project on every project route with 404', async () => {
    const projectRoutes = t.app.routeTable.filter(
      (r) => r.access !== 'public' && r.access !== 'user' && r.access !== 'account',
    );
    expect(projectRoutes.every((r) => r.url.includes(':projectId'))).toBe(true);
    for (const route of projectRoutes) {
      const res = await call(t.app, route.method as Method, urlFor(route.url), {
        token: outsider.token,
        body: {},
      });
      expect(res.status, `${route.method} ${route.url}`).toBe(404);
    }
  });

  it('refuses a manager on every admin route with 403', async () => {
    const adminRoutes = t.app.routeTable.filter(
      (r) => r.access === 'admin' || (typeof r.access === 'object' && !r.access.roles.includes('manager')),
    );
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const res = await call(t.app, route.method as Method, urlFor(route.url), { token: managerToken, body: {} });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('refuses an impersonation token on every route where a person acts for himself, with 403', async () => {
    const ownerId = (await call(t.app, 'GET', '/api/v1/user', { token: owner.token })).body.response.id;
    const impersonation = await issueToken(t.db, t.clock.now(), managerId, {
      kind: 'member_access',
      projectId: owner.projectId,
      impersonatorId: ownerId,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const accountRoutes = t.app.routeTable.filter((r) => r.access === 'account');
    expect(accountRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/v1/projects', 'POST /api/v1/email/resend']),
    );
    for (const route of accountRoutes) {
      const res = await call(t.app, route.method as Method, urlFor(route.url), { token: impersonation, body: {} });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/v1/user', { token: impersonation })).status).toBe(200);
  });

  describe('API keys', () => {
    const keyOf = async (projectId: number, scope: 'read' | 'write') => {
      const res = await callEndpoint(t.app, integrationsEndpoints.createApiKey, {
        params: { projectId },
        token: projectId === owner.projectId ? owner.token : outsider.token,
        body: { name: `Ключ ${scope}`, scope },
      });
      expect(res.status).toBe(201);
      return res.body.response.key as string;
    };

    it('lists a scope for every project route keys may call, none for the rest', () => {
      for (const route of t.app.routeTable) {
        const personal = route.access === 'public' || route.access === 'user' || route.access === 'account';
        if (personal) expect(route.keys, `${route.method} ${route.url}`).toBeNull();
        else if (route.keys) expect(route.keys).toBe(route.method === 'GET' ? 'read' : 'write');
      }
      const closed = t.app.routeTable.filter((r) => !r.keys && r.url.includes(':projectId')).map((r) => `${r.method} ${r.url}`);
      expect(closed).toEqual(
        expect.arrayContaining([
          'POST /api/v1/projects/:projectId/invitations',
          'DELETE /api/v1/projects/:projectId/members/:userId',
          'GET /api/v1/projects/:projectId/member-access-token/:memberId',
          'POST /api/v1/projects/:projectId/api-keys',
        ]),
      );
    });

    it("refuses another project's key on every project route with 404", async () => {
      const foreign = await keyOf(outsider.projectId, 'write');
      for (const route of t.app.routeTable.filter((r) => r.url.includes(':projectId') && r.access !== 'public')) {
        const res = await call(t.app, route.method as Method, urlFor(route.url), { token: foreign, body: {} });
        expect(res.status, `${route.method} ${route.url}`).toBe(404);
      }
    });

    it('refuses a key on every route keys may not call with 403, and a read key on every write', async () => {
      const write = await keyOf(owner.projectId, 'write');
      const read = await keyOf(owner.projectId, 'read');
      for (const route of t.app.routeTable.filter((r) => r.access !== 'public' && r.keys === null)) {
        const res = await call(t.app, route.method as Method, urlFor(route.url), { token: write, body: {} });
        expect(res.status, `${route.method} ${route.url}`).toBe(403);
      }
      const writes = t.app.routeTable.filter((r) => r.keys === 'write');
      expect(writes.length).toBeGreaterThan(20);
      for (const route of writes) {
        const res = await call(t.app, route.method as Method, urlFor(route.url), { token: read, body: {} });
        expect(res.status, `${route.method} ${route.url}`).toBe(403);
      }
    });
  });
});
