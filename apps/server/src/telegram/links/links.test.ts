import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  integrationsEndpoints,
  teamEndpoints,
  TELEGRAM_LINK_DONE,
  TELEGRAM_LINK_INVALID,
  TELEGRAM_LINK_MEMBER_HINT,
  TELEGRAM_LINK_NO_BOT,
  TELEGRAM_LINK_SELF_ONLY,
  telegramEndpoints,
  telegramLinksEndpoints as api,
} from '@crm/contract';
import { call, callEndpoint, urlOf } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { startTestTelegram, type TestTelegram } from '../../test/test-telegram-server.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { outboxIdle } from '../outbox/outbox.sender.js';
import { updatesIdle } from '../updates.service.js';

const SECRETS_KEY = 'test-secrets-key-0123456789';
let nextUpdate = 1;
let nextMessage = 1;
const textUpdate = (userId: number, text: string, username = `user${userId}`) => ({
  update_id: nextUpdate++,
  message: {
    message_id: nextMessage++,
    date: 1_800_000_000,
    chat: { id: userId, type: 'private' },
    from: { id: userId, is_bot: false, first_name: 'Мария', username },
    text,
  },
});
const startOf = (url: string) => `/start ${new URL(url).searchParams.get('start')}`;

describe("a member's own Telegram: linked by a one-time deep link", () => {
  let tg: TestTelegram;
  let t: TestApp;
  beforeAll(async () => {
    tg = await startTestTelegram();
    t = await buildTestApp({
      secretsKey: SECRETS_KEY,
      telegram: { apiUrl: tg.url },
      appUrl: 'https://crm.example.com',
    });
  });
  afterAll(async () => {
    await t.close();
    await tg.close();
  });

  /** A project with its bot connected (a webhook: APP_URL is public https), and Telegram's calls to it. */
  async function botProject(name: string) {
    const p = await pipelineProject(t, name);
    const projectId = p.owner.projectId;
    await p.addCategory({ name: 'Из Telegram' });
    const bot = tg.addBot(`${name.toLowerCase().replace(/\W/g, '')}${nextUpdate}_bot`);
    const res = await callEndpoint(t.app, telegramEndpoints.connect, {
      params: { projectId },
      token: p.admin.token,
      body: { token: bot.token },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const secret = String(tg.callsOf('setWebhook').findLast((c) => c.token === bot.token)!.body.secret_token);
    const deliver = async (update: object) => {
      const hook = urlOf(telegramEndpoints.webhook, { botId: String(bot.id) });
      const sent = await call(t.app, 'POST', hook, {
        body: update,
        headers: { 'x-telegram-bot-api-secret-token': secret },
      });
      expect(sent.status).toBe(200);
      await updatesIdle(t.deps);
      await outboxIdle(t.deps);
    };
    const as = (token: string) => ({
      status: () => callEndpoint(t.app, api.status, { params: { projectId }, token }),
      code: () => callEndpoint(t.app, api.createCode, { params: { projectId }, token }),
      unlink: () => callEndpoint(t.app, api.unlink, { params: { projectId }, token }),
      linked: () => callEndpoint(t.app, api.linkedMembers, { params: { projectId }, token }),
    });
    /** What the bot said to this chat, in order. */
    const said = (chatId: number) =>
      tg
        .callsOf('sendMessage')
        .filter((c) => c.token === bot.token && c.body.chat_id === String(chatId))
        .map((c) => c.body.text);
    const clientsCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('clients')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('project_id', '=', projectId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { p, projectId, bot, deliver, as, said, clientsCount };
  }

  it("links the manager's chat by /start <code> from the deep link: the bot says so, no client is made, admins see him", async () => {
    const { p, bot, deliver, as, said, clientsCount } = await botProject('Связь');
    const before = await as(p.manager.token).status();
    expect(before.status).toBe(200);
    expect(before.body.response).toEqual({
      bot: { username: bot.username, link: `https://t.me/${bot.username}` },
      linked: false,
      username: null,
      linked_at: null,
    });

    const code = await as(p.manager.token).code();
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    const url = code.body.response.url as string;
    expect(url).toMatch(new RegExp(`^https://t\\.me/${bot.username}\\?start=[A-Za-z0-9_-]{1,64}$`));
    const ttl = Date.parse(code.body.response.expires_at) - t.clock.now().getTime();
    expect(ttl).toBeGreaterThan(15 * 60_000 - 5_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);

    await deliver(textUpdate(7001, startOf(url), 'maria_tg'));
    expect(said(7001)).toEqual([TELEGRAM_LINK_DONE]);
    expect(await clientsCount()).toBe(0);
    expect(
      await t.db
        .selectFrom('client_messages')
        .select('id')
        .where('project_id', '=', p.owner.projectId)
        .execute(),
    ).toEqual([]);

    const status = (await as(p.manager.token).status()).body.response;
    expect(status).toMatchObject({ linked: true, username: 'maria_tg' });
    expect((await as(p.second.token).status()).body.response).toMatchObject({ linked: false });
    const linked = await as(p.admin.token).linked();
    expect(linked.status).toBe(200);
    expect(linked.body.response.members).toEqual([
      { user_id: p.manager.id, username: 'maria_tg', linked_at: status.linked_at },
    ]);
    expect((await p.history('telegram.member_linked')).map((h) => [h.actor_id, h.message])).toEqual([
      [p.manager.id, 'Уведомления CRM приходят в Telegram @maria_tg'],
    ]);

    // What he writes to the bot afterwards is no client's: a hint, nothing kept.
    await deliver(textUpdate(7001, 'Привет, бот'));
    expect(said(7001)).toEqual([TELEGRAM_LINK_DONE, TELEGRAM_LINK_MEMBER_HINT]);
    expect(await clientsCount()).toBe(0);
  });

  it('refuses a code used twice, an expired one, an older one replaced, and one of another project, with nothing else done', async () => {
    const { p, deliver, as, said, clientsCount } = await botProject('Отказы');
    const first = (await as(p.manager.token).code()).body.response.url as string;
    await deliver(textUpdate(7101, startOf(first)));
    // The same link again, from another Telegram: used.
    await deliver(textUpdate(7102, startOf(first)));
    expect(said(7101)).toEqual([TELEGRAM_LINK_DONE]);
    expect(said(7102)).toEqual([TELEGRAM_LINK_INVALID]);
    expect(
      (await as(p.admin.token).linked()).body.response.members.map((m: { username: string }) => m.username),
    ).toEqual(['user7101']);

    // Expired after 15 minutes.
    const late = (await as(p.second.token).code()).body.response.url as string;
    t.clock.advance(15 * 60_000 + 1);
    await deliver(textUpdate(7103, startOf(late)));
    expect(said(7103)).toEqual([TELEGRAM_LINK_INVALID]);

    // A new link replaces the older unused one.
    const older = (await as(p.second.token).code()).body.response.url as string;
    const newer = (await as(p.second.token).code()).body.response.url as string;
    await deliver(textUpdate(7104, startOf(older)));
    expect(said(7104)).toEqual([TELEGRAM_LINK_INVALID]);

    // Another project's code does not link through this bot.
    const other = await botProject('Чужой');
    const foreign = (await other.as(other.p.manager.token).code()).body.response.url as string;
    await deliver(textUpdate(7105, startOf(foreign)));
    expect(said(7105)).toEqual([TELEGRAM_LINK_INVALID]);
    // An unknown one.
    await deliver(textUpdate(7106, '/start link_nonsense'));
    expect(said(7106)).toEqual([TELEGRAM_LINK_INVALID]);

    expect(await clientsCount()).toBe(0);
    expect((await as(p.second.token).status()).body.response.linked).toBe(false);
    await deliver(textUpdate(7107, startOf(newer)));
    expect(said(7107)).toEqual([TELEGRAM_LINK_DONE]);
    expect((await as(p.second.token).status()).body.response).toMatchObject({
      linked: true,
      username: 'user7107',
    });
    // A plain /start (or any other parameter) is still a client writing, as before.
    await deliver(textUpdate(7108, '/start'));
    expect(await clientsCount()).toBe(1);
  });

  it('unlinks at his word (recorded), when he leaves the project, and shows not linked once the bot is disconnected', async () => {
    const { p, deliver, as, bot } = await botProject('Отключение');
    await deliver(textUpdate(7201, startOf((await as(p.manager.token).code()).body.response.url as string)));
    await deliver(textUpdate(7202, startOf((await as(p.second.token).code()).body.response.url as string)));
    expect((await as(p.admin.token).linked()).body.response.members).toHaveLength(2);

    const gone = await as(p.manager.token).unlink();
    expect(gone.status).toBe(200);
    expect(gone.body.response).toEqual({ ok: true });
    expect((await as(p.manager.token).status()).body.response).toMatchObject({
      linked: false,
      username: null,
    });
    expect((await p.history('telegram.member_unlinked')).map((h) => [h.actor_id, h.message])).toEqual([
      [p.manager.id, 'Уведомления CRM больше не приходят в Telegram @user7201'],
    ]);
    // Again: nothing to do, still fine.
    expect((await as(p.manager.token).unlink()).status).toBe(200);

    // The second manager leaves the project: his link goes with him.
    const removed = await callEndpoint(t.app, teamEndpoints.removeMember, {
      params: { projectId: p.owner.projectId, userId: p.second.id },
      token: p.owner.token,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await as(p.admin.token).linked()).body.response.members).toEqual([]);

    // Linked again, then the bot disconnected: nobody is linked, and a new link cannot be made.
    await deliver(textUpdate(7203, startOf((await as(p.manager.token).code()).body.response.url as string)));
    expect((await as(p.manager.token).status()).body.response.linked).toBe(true);
    await callEndpoint(t.app, telegramEndpoints.disconnect, {
      params: { projectId: p.owner.projectId },
      token: p.admin.token,
    });
    expect((await as(p.manager.token).status()).body.response).toEqual({
      bot: null,
      linked: false,
      username: null,
      linked_at: null,
    });
    expect((await as(p.admin.token).linked()).body.response.members).toEqual([]);
    const refused = await as(p.manager.token).code();
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(TELEGRAM_LINK_NO_BOT);
    // The same bot connected again: his link works again.
    await callEndpoint(t.app, telegramEndpoints.connect, {
      params: { projectId: p.owner.projectId },
      token: p.admin.token,
      body: { token: bot.token },
    });
    expect((await as(p.manager.token).status()).body.response.linked).toBe(true);
  });

  it('refuses the anonymous, another project, a manager on the list, an admin switched into a manager, and API keys', async () => {
    const { p, projectId, as } = await botProject('Доступ');
    const outsider = await pipelineProject(t, 'Посторонний');
    for (const endpoint of [api.status, api.createCode, api.unlink, api.linkedMembers]) {
      expect((await callEndpoint(t.app, endpoint, { params: { projectId } })).status, endpoint.path).toBe(
        401,
      );
      expect(
        (await callEndpoint(t.app, endpoint, { params: { projectId }, token: outsider.admin.token })).status,
        endpoint.path,
      ).toBe(404);
    }
    expect((await as(p.manager.token).linked()).status).toBe(403);

    const switched = await callEndpoint(t.app, teamEndpoints.memberAccessToken, {
      params: { projectId, memberId: p.manager.id },
      token: p.admin.token,
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const impersonated = await as(switched.body.response.access_token as string).code();
    expect(impersonated.status).toBe(403);
    expect(impersonated.body.message).toBe(TELEGRAM_LINK_SELF_ONLY);

    const key = await callEndpoint(t.app, integrationsEndpoints.createApiKey, {
      params: { projectId },
      token: p.owner.token,
      body: { name: 'Скрипт', scope: 'write' },
    });
    expect(key.status).toBe(201);
    for (const endpoint of [api.status, api.createCode, api.unlink, api.linkedMembers]) {
      expect(
        (
          await callEndpoint(t.app, endpoint, {
            params: { projectId },
            token: key.body.response.key as string,
          })
        ).status,
        endpoint.path,
      ).toBe(403);
    }

    // No bot connected: the reason, in Russian.
    const bare = await pipelineProject(t, 'Без бота');
    const noBot = await callEndpoint(t.app, api.createCode, {
      params: { projectId: bare.owner.projectId },
      token: bare.manager.token,
    });
    expect(noBot.status).toBe(422);
    expect(noBot.body.message).toBe(
      'Telegram-бот проекта не подключён: попросите администратора подключить его',
    );
    expect(
      (
        await callEndpoint(t.app, api.status, {
          params: { projectId: bare.owner.projectId },
          token: bare.manager.token,
        })
      ).body.response.bot,
    ).toBeNull();
  });
});
