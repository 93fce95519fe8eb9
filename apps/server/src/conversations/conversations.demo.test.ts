import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationsEndpoints, type ConversationsList } from '@crm/contract';
import { callEndpoint } from '../test/api.js';
import { seedDemoProject } from '../test/demo-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('the demo chat', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('holds an answered question and one waiting for the admins, newest first', async () => {
    t.clock.set('2026-08-01T09:00:00Z');
    const demo = await seedDemoProject(t);
    const list = async (email: string) =>
      (
        await callEndpoint(t.app, conversationsEndpoints.list, {
          params: { projectId: demo.projectId },
          token: await demo.signIn(email),
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
