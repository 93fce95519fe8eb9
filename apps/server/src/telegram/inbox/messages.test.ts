import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_BOT_GONE,
  CLIENT_NO_CHAT,
  clientMessagesEndpoints as api,
  clientsEndpoints,
  notificationsEndpoints,
  type ClientMessage,
  type InboxThread,
  telegramEndpoints,
} from '@crm/contract';
import { call, callEndpoint, urlOf } from '../../test/api.js';
import { openLiveStream } from '../../test/live-stream.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { startTestTelegram, type TestTelegram } from '../../test/test-telegram-server.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { outboxJob } from '../outbox/outbox.job.js';
import { outboxIdle, UNKNOWN_DELIVERY } from '../outbox/outbox.sender.js';
import { GREETING, updatesIdle } from '../updates.service.js';

const SECRETS_KEY = 'test-secrets-key-0123456789';
/** The server's file limit in these tests: small, so one over it is cheap to send. */
const FILE_MAX = 64 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let nextUpdate = 1;
let nextMessage = 1;
const textUpdate = (userId: number, first: string, text: string) => ({
  update_id: nextUpdate++,
  message: {
    message_id: nextMessage++,
    date: 1_800_000_000,
    chat: { id: userId, type: 'private' },
    from: { id: userId, is_bot: false, first_name: first, username: `${first.toLowerCase()}_tg` },
    text,
  },
});

describe("clients' Telegram conversations: the inbox and the team's answers", () => {
  let tg: TestTelegram;
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    tg = await startTestTelegram();
    t = await buildTestApp({
      secretsKey: SECRETS_KEY,
      telegram: { apiUrl: tg.url },
      appUrl: 'https://crm.example.com',
      telegramFiles: { dir: join(tmpdir(), `crm-test-answer-files-${randomBytes(4).toString('hex')}`), maxBytes: FILE_MAX },
    });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.close();
    await tg.close();
  });

  /** A project whose bot gives new clients to its manager, and a webhook call as Telegram makes it. */
  async function project(name: string) {
    const p = await pipelineProject(t, name);
    const stage = await p.addCategory({ name: 'Из Telegram' });
    const bot = tg.addBot(`${name.toLowerCase().replace(/\W/g, '')}${nextUpdate}_bot`);
    const res = await callEndpoint(t.app, telegramEndpoints.connect, {
      params: { projectId: p.owner.projectId },
      token: p.admin.token,
      body: { token: bot.token, category_id: stage.id, manager_rule: 'one', manager_id: p.manager.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const secret = String(tg.callsOf('setWebhook').findLast((c) => c.token === bot.token)!.body.secret_token);
    const deliver = async (update: object) => {
      const hook = urlOf(telegramEndpoints.webhook, { botId: String(bot.id) });
      const sent = await call(t.app, 'POST', hook, { body: update, headers: { 'x-telegram-bot-api-secret-token': secret } });
      expect(sent.status).toBe(200);
      await updatesIdle(t.deps);
      await outboxIdle(t.deps);
    };
    const projectId = p.owner.projectId;
    const as = (token: string) => ({
      inbox: (query: { filter?: 'mine' | 'all'; cursor?: string } = {}) =>
        call(t.app, 'GET', `${urlOf(api.inbox, { projectId })}?${new URLSearchParams(query).toString()}`, { token }),
      unread: () => callEndpoint(t.app, api.unread, { params: { projectId }, token }),
      messages: (clientId: number) => callEndpoint(t.app, api.list, { params: { projectId, clientId }, token }),
      reply: (clientId: number, text: string) => callEndpoint(t.app, api.reply, { params: { projectId, clientId }, token, body: { text } }),
      read: (clientId: number) => callEndpoint(t.app, api.markRead, { params: { projectId, clientId }, token }),
      retry: (clientId: number, messageId: number) =>
        callEndpoint(t.app, api.retry, { params: { projectId, clientId, messageId }, token }),
      /** A file answer as the page sends it: a multipart form, the caption before the file. */
      async sendFile(clientId: number, file: { name: string; type: string; bytes: Buffer } | null, caption?: string) {
        const form = new FormData();
        if (caption !== undefined) form.append('text', caption);
        if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
        const res = await fetch(`${origin}${urlOf(api.sendFile, { projectId, clientId })}`, {
          method: 'POST',
          headers: token ? { authorization: `Bearer ${token}` } : {},
          body: form,
        });
        return { status: res.status, body: (await res.json()) as { message: string; response: ClientMessage; errors?: Record<string, string[]> } };
      },
    });
    return { p, stage, bot, deliver, as, projectId };
  }

  it('a new writer reaches the open pages at once: a client in the stage with his manager, in the inbox, unread, in the bell', async () => {
    const { p, stage, bot, deliver, as } = await project('Живой');
    const pages = { manager: openLiveStream(origin, p.manager.token), second: openLiveStream(origin, p.second.token), admin: openLiveStream(origin, p.admin.token) };
    await Promise.all(Object.values(pages).map((page) => page.ready));
    const heard = Promise.all([
      pages.manager.next('client.message', (e) => e.payload.message.text === 'Сколько стоит доставка?'),
      pages.admin.next('client.message', (e) => e.payload.message.text === 'Сколько стоит доставка?'),
    ]);
    await deliver(textUpdate(9001, 'Ольга', 'Сколько стоит доставка?'));
    const [toManager] = await heard;
    expect(toManager.payload.message).toMatchObject({ direction: 'in', status: 'received', author: null });
    expect(pages.second.events.some((e) => e.type === 'client.message')).toBe(false);

    const inbox = await as(p.manager.token).inbox();
    expect(inbox.body.response.threads).toHaveLength(1);
    const [thread] = inbox.body.response.threads;
    expect(thread).toMatchObject({ manager: { id: p.manager.id }, username: 'ольга_tg', unread_count: 1, last_message: { direction: 'out', text: GREETING } });
    const client = await callEndpoint(t.app, clientsEndpoints.get, { params: { projectId: p.owner.projectId, id: thread!.client.id }, token: p.manager.token });
    expect(client.body.response).toMatchObject({ name: 'Ольга', category_id: stage.id, manager_id: p.manager.id });
    // The bot greeted him with the button that shares his number.
    const greeting = await tg.waitFor('sendMessage', (c) => c.token === bot.token);
    expect(greeting.body).toMatchObject({ chat_id: '9001', text: GREETING });
    expect(JSON.stringify(greeting.body.reply_markup)).toContain('"request_contact":true');

    expect((await as(p.manager.token).unread()).body.response.unread_total).toBe(1);
    expect((await as(p.admin.token).unread()).body.response.unread_total).toBe(1);
    expect((await as(p.second.token).inbox()).body.response.threads).toEqual([]);
    const bell = await call(t.app, 'GET', `${urlOf(notificationsEndpoints.list)}?project_id=${p.owner.projectId}`, { token: p.manager.token });
    expect(bell.body.response.notifications[0]).toMatchObject({ type: 'client_message', message: expect.stringContaining('Сколько стоит доставка?') });

    // Read by the manager: his count and his bell's notice; the admin's stays.
    expect((await as(p.manager.token).read(thread!.client.id)).body.response.unread_total).toBe(0);
    expect((await as(p.admin.token).unread()).body.response.unread_total).toBe(1);
    const after = await call(t.app, 'GET', `${urlOf(notificationsEndpoints.list)}?project_id=${p.owner.projectId}`, { token: p.manager.token });
    expect(after.body.response.unread_count).toBe(0);
    for (const page of Object.values(pages)) page.close();
  });

  it('sends an answer through the bot, shows it sent, and keeps the conversation in order', async () => {
    const { p, bot, deliver, as } = await project('Ответ');
    await deliver(textUpdate(9002, 'Пётр', 'Есть в наличии?'));
    const clientId = (await as(p.admin.token).inbox()).body.response.threads[0]!.client.id;
    const page = openLiveStream(origin, p.manager.token);
    await page.ready;
    const sentLive = page.next('client.message', (e) => e.payload.message.status === 'sent' && e.payload.message.text === 'Да, есть');
    const answered = await as(p.manager.token).reply(clientId, '  Да, есть  ');
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(answered.body.response).toMatchObject({ direction: 'out', text: 'Да, есть', author: { id: p.manager.id } });
    await sentLive;
    const call = await tg.waitFor('sendMessage', (c) => c.token === bot.token && c.body.text === 'Да, есть');
    expect(call.body.chat_id).toBe('9002');
    const { messages, chat, unread_count } = (await as(p.manager.token).messages(clientId)).body.response;
    expect(messages.map((m: ClientMessage) => [m.direction, m.status, m.text])).toEqual([
      ['in', 'received', 'Есть в наличии?'],
      ['out', 'sent', GREETING],
      ['out', 'sent', 'Да, есть'],
    ]);
    expect(messages[1]!.author?.name).toBe(`Telegram-бот @${bot.username}`);
    expect(chat).toEqual({ username: 'пётр_tg', can_reply: true });
    // Who answers has read what the client wrote.
    expect(unread_count).toBe(0);
    const history = await t.db.selectFrom('history_events').select('message').where('kind', '=', 'client_message.sent').where('project_id', '=', p.owner.projectId).execute();
    expect(history.map((h) => h.message)).toEqual(['Ответ клиенту Пётр @пётр_tg в Telegram: «Да, есть»']);
    page.close();
  });

  it("waits as long as Telegram's rate limit asks and sends once; a blocked bot fails in Russian and is sent again on request", async () => {
    const { p, bot, deliver, as } = await project('Лимит');
    await deliver(textUpdate(9003, 'Инна', 'Алло'));
    const clientId = (await as(p.admin.token).inbox()).body.response.threads[0]!.client.id;
    tg.refuse(bot.token, { error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } });
    const first = (await as(p.manager.token).reply(clientId, 'Первый ответ')).body.response;
    await outboxIdle(t.deps);
    let [row] = (await as(p.manager.token).messages(clientId)).body.response.messages.filter((m: ClientMessage) => m.id === first.id);
    expect(row).toMatchObject({ status: 'sending', error: 'Telegram просит подождать 7 с: сообщение уйдёт само' });
    // Not before the time it asked for; then once.
    t.clock.advance(6_000);
    await outboxJob.run(t.deps, t.clock.now());
    expect(tg.callsOf('sendMessage').filter((c) => c.body.text === 'Первый ответ')).toHaveLength(1);
    t.clock.advance(1_500);
    expect(await outboxJob.run(t.deps, t.clock.now())).toBe(1);
    await outboxJob.run(t.deps, t.clock.now());
    expect(tg.callsOf('sendMessage').filter((c) => c.body.text === 'Первый ответ')).toHaveLength(2);
    [row] = (await as(p.manager.token).messages(clientId)).body.response.messages.filter((m: ClientMessage) => m.id === first.id);
    expect(row).toMatchObject({ status: 'sent', error: null });

    tg.refuse(bot.token, { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    const second = (await as(p.manager.token).reply(clientId, 'Второй ответ')).body.response;
    await outboxIdle(t.deps);
    [row] = (await as(p.manager.token).messages(clientId)).body.response.messages.filter((m: ClientMessage) => m.id === second.id);
    expect(row).toMatchObject({ status: 'failed', error: 'Клиент заблокировал бота' });
    await outboxJob.run(t.deps, t.clock.now());
    expect(tg.callsOf('sendMessage').filter((c) => c.body.text === 'Второй ответ')).toHaveLength(1);
    expect((await as(p.manager.token).retry(clientId, first.id)).status).toBe(422);
    expect((await as(p.manager.token).retry(clientId, second.id)).body.response.status).toBe('sending');
    await outboxIdle(t.deps);
    [row] = (await as(p.manager.token).messages(clientId)).body.response.messages.filter((m: ClientMessage) => m.id === second.id);
    expect(row).toMatchObject({ status: 'sent', error: null });
  });

  it('an attempt whose instance stopped mid-way is failed as unknown, never sent again by itself', async () => {
    const { p, deliver, as } = await project('Обрыв');
    await deliver(textUpdate(9004, 'Глеб', 'Жду'));
    const clientId = (await as(p.admin.token).inbox()).body.response.threads[0]!.client.id;
    // As an instance leaves it: claimed, then gone.
    const at = t.clock.now().toISOString();
    const { id } = await t.db
      .insertInto('client_messages')
      .values({
        project_id: p.owner.projectId,
        client_id: clientId,
        chat_id: (await t.db.selectFrom('telegram_chats').select('id').where('client_id', '=', clientId).executeTakeFirstOrThrow()).id,
        direction: 'out',
        kind: 'text',
        text: 'Оборванный',
        telegram_message_id: null,
        created_at: at,
        status: 'sending',
        error: null,
        author_id: p.manager.id,
        next_attempt_at: at,
        claimed_until: new Date(t.clock.now().getTime() + 60_000).toISOString(),
        keyboard: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await outboxJob.run(t.deps, t.clock.now());
    t.clock.advance(61_000);
    await outboxJob.run(t.deps, t.clock.now());
    const row = (await as(p.manager.token).messages(clientId)).body.response.messages.find((m: ClientMessage) => m.id === id);
    expect(row).toMatchObject({ status: 'failed', error: UNKNOWN_DELIVERY });
    expect(tg.callsOf('sendMessage').some((c) => c.body.text === 'Оборванный')).toBe(false);
  });

  it('answers with a photo and a file: kept, sent by sendPhoto and sendDocument with the caption, and given back', async () => {
    const { p, bot, deliver, as, projectId } = await project('Файлы');
    await deliver(textUpdate(9101, 'Глеб', 'Пришлите схему'));
    const clientId = (await as(p.manager.token).inbox()).body.response.threads[0]!.client.id;
    const png = { name: 'схема.png', type: 'image/png', bytes: randomBytes(3000) };
    const photo = await as(p.manager.token).sendFile(clientId, png, '  Вот схема проезда ');
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    expect(photo.body.response).toMatchObject({ direction: 'out', kind: 'photo', text: 'Фото: Вот схема проезда', file: { name: 'схема.png', status: 'stored', size: 3000 } });
    await outboxIdle(t.deps);
    const sentPhoto = await tg.waitFor('sendPhoto', (c) => c.token === bot.token);
    expect(sentPhoto.body).toMatchObject({ chat_id: '9101', caption: 'Вот схема проезда', photo: { file_name: 'схема.png', sha256: sha256(png.bytes) } });

    const pdf = { name: 'Прайс.pdf', type: 'application/pdf', bytes: randomBytes(5000) };
    const doc = await as(p.manager.token).sendFile(clientId, pdf);
    expect(doc.body.response).toMatchObject({ kind: 'document', text: 'Файл «Прайс.pdf»' });
    // A GIF is no photo for Telegram: it goes as a document.
    const gif = await as(p.manager.token).sendFile(clientId, { name: 'a.gif', type: 'image/gif', bytes: randomBytes(10) });
    expect(gif.body.response.kind).toBe('document');
    await outboxIdle(t.deps);
    const docs = tg.callsOf('sendDocument').filter((c) => c.token === bot.token);
    expect(docs.map((c) => (c.body.document as { file_name: string }).file_name)).toEqual(['Прайс.pdf', 'a.gif']);
    expect(docs[0]!.body).not.toHaveProperty('caption');

    const list = (await as(p.manager.token).messages(clientId)).body.response.messages.filter((m: ClientMessage) => m.direction === 'out' && m.kind !== 'text');
    expect(list.map((m: ClientMessage) => m.status)).toEqual(['sent', 'sent', 'sent']);
    const back = await fetch(`${origin}${urlOf(api.file, { projectId, clientId, messageId: photo.body.response.id })}`, { headers: { authorization: `Bearer ${p.admin.token}` } });
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(sha256(Buffer.from(await back.arrayBuffer()))).toBe(sha256(png.bytes));

    // Refused by Telegram: failed with the reason, sent again on request with the same file.
    tg.refuse(bot.token, { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    const blocked = await as(p.manager.token).sendFile(clientId, png);
    await outboxIdle(t.deps);
    const failed = (await as(p.manager.token).messages(clientId)).body.response.messages.find((m: ClientMessage) => m.id === blocked.body.response.id)!;
    expect(failed).toMatchObject({ status: 'failed', error: 'Клиент заблокировал бота' });
    await as(p.manager.token).retry(clientId, failed.id);
    await outboxIdle(t.deps);
    expect(tg.callsOf('sendPhoto').filter((c) => c.token === bot.token)).toHaveLength(3);
    const again = (await as(p.manager.token).messages(clientId)).body.response.messages.find((m: ClientMessage) => m.id === failed.id)!;
    expect(again.status).toBe('sent');
  });

  it('refuses a file answer clearly and keeps nothing: too big (413), a caption too long, no file, no chat (422), another manager (404)', async () => {
    const { p, as, deliver } = await project('ФайлыОтказ');
    await deliver(textUpdate(9102, 'Дина', 'Здравствуйте'));
    const clientId = (await as(p.manager.token).inbox()).body.response.threads[0]!.client.id;
    const stored = async () => (await readdir(join(t.deps.config.telegramFiles.dir, String(p.owner.projectId))).catch(() => [])).length;
    const small = { name: 'a.txt', type: 'text/plain', bytes: Buffer.from('привет') };

    const big = await as(p.manager.token).sendFile(clientId, { name: 'big.zip', type: 'application/zip', bytes: randomBytes(FILE_MAX + 1) });
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/^Файл больше \d+ МБ: столько CRM не отправит/);
    const long = await as(p.manager.token).sendFile(clientId, small, 'я'.repeat(1025));
    expect(long.status).toBe(422);
    expect(long.body.errors?.text).toEqual(['Не более 1024 символов']);
    expect((await as(p.manager.token).sendFile(clientId, null, 'только подпись')).status).toBe(422);
    expect((await as(p.second.token).sendFile(clientId, small)).status).toBe(404);
    expect((await as('').sendFile(clientId, small)).status).toBe(401);
    const silent = await p.addClient(p.manager.token, { name: 'Молчун', last_name: 'Файлов', category_id: (await p.categories())[0]!.id });
    const noChat = await as(p.manager.token).sendFile(silent.id, small);
    expect(noChat.status).toBe(422);
    expect(noChat.body.message).toBe(CLIENT_NO_CHAT);
    expect(await stored()).toBe(0);
    expect((await as(p.manager.token).messages(clientId)).body.response.messages.filter((m: ClientMessage) => m.direction === 'out' && m.kind !== 'text')).toEqual([]);
  });

  it('refuses: another manager’s client and another project’s (404), no chat or no bot (422), too long (422), anonymous (401)', async () => {
    const { p, deliver, as, projectId } = await project('Отказы');
    await deliver(textUpdate(9005, 'Вера', 'Добрый день'));
    const clientId = (await as(p.admin.token).inbox()).body.response.threads[0]!.client.id;
    const other = await project('Чужой');
    const second = as(p.second.token);
    expect((await second.messages(clientId)).status).toBe(404);
    expect((await second.reply(clientId, 'Чужой ответ')).status).toBe(404);
    expect((await second.read(clientId)).status).toBe(404);
    // A member of another project, asking through his own project or this one.
    expect((await other.as(other.p.admin.token).messages(clientId)).status).toBe(404);
    expect((await callEndpoint(t.app, api.list, { params: { projectId, clientId }, token: other.p.admin.token })).status).toBe(404);
    expect((await callEndpoint(t.app, api.list, { params: { projectId, clientId } })).status).toBe(401);
    expect((await as(p.manager.token).reply(clientId, 'я'.repeat(4097))).status).toBe(422);

    const silent = await p.addClient(p.manager.token, { name: 'Молчун', last_name: 'Иванов', category_id: (await p.categories())[0]!.id });
    const noChat = await as(p.manager.token).reply(silent.id, 'Здравствуйте');
    expect(noChat.status).toBe(422);
    expect(noChat.body.message).toBe(CLIENT_NO_CHAT);

    await callEndpoint(t.app, telegramEndpoints.disconnect, { params: { projectId }, token: p.admin.token });
    const gone = await as(p.manager.token).reply(clientId, 'Здравствуйте');
    expect(gone.body.message).toBe(CLIENT_BOT_GONE);
    expect((await as(p.manager.token).messages(clientId)).body.response.chat).toEqual({ username: 'вера_tg', can_reply: false });
    expect(tg.callsOf('sendMessage').some((c) => c.body.text === 'Чужой ответ')).toBe(false);
  });

  it('keeps who a client is across a disconnection: the same writer is the same client when the bot comes back', async () => {
    const { p, bot, deliver, as, projectId } = await project('Снова');
    await deliver(textUpdate(9006, 'Лев', 'Первое'));
    await callEndpoint(t.app, telegramEndpoints.disconnect, { params: { projectId }, token: p.admin.token });
    const again = await callEndpoint(t.app, telegramEndpoints.connect, {
      params: { projectId },
      token: p.admin.token,
      body: { token: bot.token, manager_rule: 'one', manager_id: p.manager.id },
    });
    expect(again.status).toBe(200);
    const secret = String(tg.callsOf('setWebhook').findLast((c) => c.token === bot.token)!.body.secret_token);
    await call(t.app, 'POST', urlOf(telegramEndpoints.webhook, { botId: String(bot.id) }), {
      body: textUpdate(9006, 'Лев', 'Второе'),
      headers: { 'x-telegram-bot-api-secret-token': secret },
    });
    await updatesIdle(t.deps);
    const threads = (await as(p.admin.token).inbox()).body.response.threads;
    expect(threads).toHaveLength(1);
    const texts = (await as(p.admin.token).messages(threads[0]!.client.id)).body.response.messages.filter((m: ClientMessage) => m.direction === 'in').map((m: ClientMessage) => m.text);
    expect(texts).toEqual(['Первое', 'Второе']);
    void deliver;
  });

  it('lists conversations newest first by pages, mine or all for an admin, with unread totals', async () => {
    const { p, deliver, as } = await project('Страницы');
    for (let i = 0; i < 55; i += 1) await deliver(textUpdate(20_000 + i, `Клиент${i}`, `Вопрос ${i}`));
    const admin = as(p.admin.token);
    const first = (await admin.inbox()).body.response;
    expect(first.threads).toHaveLength(50);
    expect(first.threads[0]!.client.name).toBe('Клиент54');
    const second = (await admin.inbox({ cursor: first.next_cursor! })).body.response;
    expect(second.threads.map((th: InboxThread) => th.client.name)).toEqual(['Клиент4', 'Клиент3', 'Клиент2', 'Клиент1', 'Клиент0']);
    expect(second.next_cursor).toBeNull();
    expect((await admin.inbox({ filter: 'mine' })).body.response.threads).toEqual([]);
    expect((await as(p.manager.token).inbox({ filter: 'all' })).body.response.threads).toHaveLength(50);
    expect((await admin.unread()).body.response.unread_total).toBe(55);
    expect((await admin.inbox({ cursor: 'x' })).status).toBe(422);
  });
});
