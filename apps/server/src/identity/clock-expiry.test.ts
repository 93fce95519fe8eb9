import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerOwner } from '../test/api.js';
import { joinAs } from '../test/members.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/** Expiry is read from the app's clock: tests move it instead of waiting hours or days. */
describe('expiry by the clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a switch into a manager ends after two hours', async () => {
    const owner = await registerOwner(t.app);
    const admin = await joinAs(t, owner.projectId, 'admin', 'Админ');
    const manager = await joinAs(t, owner.projectId, 'manager', 'Менеджер');
    const access = await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/member-access-token/${manager.id}`, {
      token: admin.token,
    });
    const token = access.body.response.access_token as string;
    expect((await call(t.app, 'GET', '/api/v1/user', { token })).status).toBe(200);
    t.clock.advance(2 * 3600_000 - 60_000);
    expect((await call(t.app, 'GET', '/api/v1/user', { token })).status).toBe(200);
    t.clock.advance(120_000);
    expect((await call(t.app, 'GET', '/api/v1/user', { token })).status).toBe(401);
  });

  it('an invitation link stops working after seven days', async () => {
    t.clock.set(new Date());
    const owner = await registerOwner(t.app);
    await call(t.app, 'POST', `/api/v1/projects/${owner.projectId}/invitations`, {
      token: owner.token,
      body: { email: 'later@example.com', role: 'manager' },
    });
    const [row] = await t.db.selectFrom('invitations').select(['id']).where('email', '=', 'later@example.com').execute();
    expect(row).toBeDefined();
    const pending = await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/invitations`, { token: owner.token });
    expect(pending.body.response).toHaveLength(1);
    t.clock.advance(7 * 24 * 3600_000 + 1_000);
    const after = await call(t.app, 'GET', `/api/v1/projects/${owner.projectId}/invitations`, { token: owner.token });
    expect(after.body.response).toEqual([]);
  });
});
