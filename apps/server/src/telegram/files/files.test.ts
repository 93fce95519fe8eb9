import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessagesEndpoints as api, telegramEndpoints, type ClientMessage } from '@crm/contract';
import { call, callEndpoint, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { multipart } from '../../test/multipart.js';
import { startTestS3, type TestS3 } from '../../test/test-s3-server.js';
import { startTestTelegram, type TestTelegram } from '../../test/test-telegram-server.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { updatesIdle } from '../updates.service.js';
import { outboxIdle } from '../outbox/outbox.sender.js';
import { filesIdle } from './files.service.js';

let nextUpdate = 1;
const fileUpdate = (userId: number, content: object) => ({
  update_id: nextUpdate++,
  message: { message_id: nextUpdate, date: 1_800_000_000, chat: { id: userId, type: 'private' }, from: { id: userId, is_bot: false, first_name: 'Фото' }, ...content },
});

describe.each(['the data folder', 'an S3-compatible store'] as const)('photos and documents clients send, kept in %s', (store) => {
  let tg: TestTelegram;
  let s3: TestS3 | null = null;
  let t: TestApp;
  beforeAll(async () => {
    tg = await startTestTelegram();
    s3 = store === 'an S3-compatible store' ? await startTestS3() : null;
    t = await buildTestApp({
      secretsKey: 'test-secrets-key-0123456789',
      telegram: { apiUrl: tg.url },
      appUrl: 'https://crm.example.com',
      telegramFiles: { dir: join(tmpdir(), `crm-test-telegram-files-${randomBytes(4).toString('hex')}`), maxBytes: 1000 },
      s3: s3 && { endpoint: s3.url, bucket: s3.bucket, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, prefix: 'crm' },
    });
  });
  afterAll(async () => {
    await t.close();
    await tg.close();
    await s3?.close();
  });

  it('keeps a photo and a document, gives them to who may see the client, refuses a file over the limit, and sends an answer’s file from the same store', async () => {
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

    // An answer's file goes to the same store, and from it to Telegram.
    const { contentType, payload } = multipart('Договор.pdf', Buffer.from('%PDF-1.4 договор'), 'application/pdf');
    const sent = await t.app.inject({
      method: 'POST',
      url: urlOf(api.sendFile, { projectId: p.owner.projectId, clientId }),
      headers: { authorization: `Bearer ${p.manager.token}`, 'content-type': contentType },
      payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await outboxIdle(t.deps);
    const upload = (await tg.waitFor('sendDocument')).body.document as { file_name: string; size: number };
    expect(upload).toMatchObject({ file_name: 'Договор.pdf', size: Buffer.from('%PDF-1.4 договор').length });
    if (s3) {
      // Each kept file is an object under the prefix and the project's folder; the folder holds none.
      const keys = [...s3.objects.keys()];
      expect(keys).toHaveLength(3);
      for (const key of keys) expect(key).toMatch(new RegExp(`^crm/${p.owner.projectId}/`));
      expect((await readdir(t.deps.config.telegramFiles.dir).catch(() => [])).length).toBe(0);
    }
  });
});
