import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BOT_GONE, clientMessagesEndpoints as api, telegramEndpoints, type InboxAnswer } from '@crm/contract';
import { callEndpoint } from '../test/api.js';
import { seedDemoProject } from '../test/demo-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('the demo inbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("holds three of the manager's clients' conversations, one unread, one answer not delivered; the bot is not connected", async () => {
    t.clock.set('2026-08-01T09:00:00Z');
    const demo = await seedDemoProject(t);
    const manager = await demo.signIn('manager@example.com');
    const projectId = demo.projectId;
    const inbox = (await callEndpoint(t.app, api.inbox, { params: { projectId }, token: manager })).body.response as InboxAnswer;
    expect(inbox.threads.map((th) => [th.unread_count, th.last_message.direction, th.last_message.status])).toEqual([
      [1, 'in', 'received'],
      [0, 'out', 'failed'],
      [0, 'out', 'sent'],
    ]);
    expect((await callEndpoint(t.app, api.unread, { params: { projectId }, token: manager })).body.response.unread_total).toBe(1);
    const admin = await demo.signIn('demo@example.com');
    expect((await callEndpoint(t.app, telegramEndpoints.status, { params: { projectId }, token: admin })).body.response).toEqual({ connected: false });
    const clientId = inbox.threads[0]!.client.id;
    const answer = await callEndpoint(t.app, api.reply, { params: { projectId, clientId }, token: manager, body: { text: 'Привет' } });
    expect(answer.body.message).toBe(CLIENT_BOT_GONE);
  });
});
