import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationsEndpoints, type ConversationsList } from '@crm/contract';
import { seedDemo } from '../demo/seed-demo.js';
import { features } from '../features.js';
import { callEndpoint } from '../test/api.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('the demo chat', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('holds an answered question and one waiting for the admins, newest first', async () => {
    t.clock.set('2026-08-01T09:00:00Z');
    expect(await seedDemo(t.deps, features)).not.toBeNull();
    const project = await t.db.selectFrom('projects').select('id').executeTakeFirstOrThrow();
    const login = async (email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { email, password: 'demo12345' },
        })
      ).json().response.token as string;
    const list = async (email: string) =>
      (
        await callEndpoint(t.app, conversationsEndpoints.list, {
          params: { projectId: project.id },
          token: await login(email),
        })
      ).body.response as ConversationsList;

    const admin = await list('demo@example.com');
    expect(admin.conversations.map((c) => [c.unread_count, c.latest_message?.from_admin])).toEqual([
      [1, false],
      [0, false],
    ]);
    expect(admin.unread_total).toBe(1);
    const manager = await list('manager@example.com');
    expect(manager.unread_total).toBe(0);
    expect(manager.conversations).toHaveLength(2);
  });
});
