import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessagesEndpoints as api, telegramEndpoints, type ClientMessage } from '@crm/contract';
import { call, callEndpoint, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { startTestTelegram, type TestTelegram } from '../../test/test-telegram-server.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { updatesIdle } from '../updates.service.js';
import { filesIdle } from './files.service.js';

let nextUpdate = 1;
const fileUpdate = (userId: number, content: object) => ({
  update_id: nextUpdate++,
  message: { message_id: nextUpdate, date: 1_800_000_000, chat: { id: userId, type: 'private' }, from: { id: userId, is_bot: false, first_name: 'Фото' }, ...content },
});

describe('photos and documents clients send', () => {
  let tg: TestTelegram;
  let t: TestApp;
  beforeAll(async () => {
    tg = await startTestTelegram();
    t = await buildTestApp({
      secretsKey: 'test-secrets-key-0123456789',
      telegram: { apiUrl: tg.url },
      appUrl: 'https://crm.example.com',
    });
    t.deps.config.telegramFiles = { ...t.deps.config.telegramFiles, maxBytes: 1000 };
  });
  afterAll(async () => {
    await t.close();
    await tg.close();
  });

  it('keeps a photo and a document, gives them to who may see the client, and refuses a file over the limit', async () => {
    const p = await pipelineProject(t, 'Файлы');
    await p.addCategory({ name: 'Новые' });
    const bot = tg.addBot('files_bot');
    await callEndpoint(t.app, telegramEndpoints.connect, {
      params: { projectId: p.owner.projectId },
      token: p.admin.token,
      body: { token: bot.token, manager_rule: 'one', manager_id: p.manager.id },
    });
    const secret = String(tg.callsOf('setWebhook').at(-1)!.body.secret_token);
    const deliver = async (update: object) => {
      await call(t.app, 'POST', urlOf(telegramEndpoints.webhook, { botId: String(bot.id) }), {
        body: update,
        headers: { 'x-telegram-bot-api-secret-token': secret },
      });
      await updatesIdle(t.deps);
      await filesIdle(t.deps);
    };
    const photo = Buffer.from('jpeg-bytes-of-a-photo');
    const doc = Buffer.from('%PDF-1.4 a small price list');
    await deliver(fileUpdate(77, { photo: [{ file_id: 'small', file_unique_id: 's', width: 90, height: 90 }, { file_id: tg.addFile(photo), file_unique_id: 'b', width: 800, height: 600, file_size: photo.length }], caption: 'Вот так' }));
    await deliver(fileUpdate(77, { document: { file_id: tg.addFile(doc, false), file_unique_id: 'd', file_name: 'Прайс.pdf', mime_type: 'application/pdf' } }));
    // Over the limit: known from the update; or told by no one, found while fetching.
    await deliver(fileUpdate(77, { document: { file_id: tg.addFile(Buffer.alloc(2000)), file_unique_id: 'e', file_name: 'big.zip', file_size: 2000 } }));
    await deliver(fileUpdate(77, { document: { file_id: tg.addFile(Buffer.alloc(2000), false), file_unique_id: 'f', file_name: 'quiet.zip' } }));

    const clientId = (await t.db.selectFrom('telegram_chats').select('client_id').where('telegram_user_id', '=', '77').executeTakeFirstOrThrow()).client_id;
    const list = await callEndpoint(t.app, api.list, { params: { projectId: p.owner.projectId, clientId }, token: p.manager.token });
    const withFiles = (list.body.response.messages as ClientMessage[]).filter((m) => m.file);
    expect(withFiles.map((m) => [m.kind, m.text, m.file])).toEqual([
      ['photo', 'Фото: Вот так', { name: expect.stringMatching(/^photo-\d+\.jpg$/), mime: 'image/jpeg', size: photo.length, status: 'stored' }],
      ['document', 'Файл «Прайс.pdf»', { name: 'Прайс.pdf', mime: 'application/pdf', size: doc.length, status: 'stored' }],
      ['document', 'Файл «big.zip»', { name: 'big.zip', mime: null, size: 2000, status: 'too_big' }],
      ['document', 'Файл «quiet.zip»', { name: 'quiet.zip', mime: null, size: null, status: 'too_big' }],
    ]);

    const fileUrl = (messageId: number) => urlOf(api.file, { projectId: p.owner.projectId, clientId, messageId });
    const got = await t.app.inject({ method: 'GET', url: fileUrl(withFiles[1]!.id), headers: { authorization: `Bearer ${p.manager.token}` } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(doc)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain("filename*=UTF-8''%D0%9F%D1%80%D0%B0%D0%B9%D1%81.pdf");
    const asAdmin = await t.app.inject({ method: 'GET', url: fileUrl(withFiles[0]!.id), headers: { authorization: `Bearer ${p.admin.token}` } });
    expect(asAdmin.rawPayload.equals(photo)).toBe(true);

    // Another manager, another project, nobody, a file not kept.
    const other = await pipelineProject(t, 'Чужие файлы');
    for (const token of [p.second.token, other.admin.token]) {
      expect((await t.app.inject({ method: 'GET', url: fileUrl(withFiles[1]!.id), headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: fileUrl(withFiles[1]!.id) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: fileUrl(withFiles[2]!.id), headers: { authorization: `Bearer ${p.manager.token}` } })).statusCode).toBe(404);
  });
});
