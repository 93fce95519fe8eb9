import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BOT_GONE, clientMessagesEndpoints as api, telegramEndpoints, type ClientMessage, type InboxAnswer } from '@crm/contract';
import { callEndpoint, urlOf } from '../test/api.js';
import { seedDemoProject } from '../test/demo-project.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

describe('the demo inbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("holds three of the manager's clients' conversations, one unread, one answer not delivered, one with a document; the bot is not connected", async () => {
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
    // The manager's answer with a document: kept, downloadable, read as UTF-8 by Windows' Notepad (a BOM).
    const messages = (await callEndpoint(t.app, api.list, { params: { projectId, clientId }, token: manager })).body.response.messages as ClientMessage[];
    const withFile = messages.find((m) => m.file)!;
    expect(withFile).toMatchObject({ kind: 'document', direction: 'out', status: 'sent', file: { name: 'Условия доставки.txt', status: 'stored' } });
    const file = await t.app.inject({ method: 'GET', url: urlOf(api.file, { projectId, clientId, messageId: withFile.id }), headers: { authorization: `Bearer ${manager}` } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(file.rawPayload.toString('utf8')).toContain('Доставка по России');
  });
});
