import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramEndpoints } from '@crm/contract';
import { call, callEndpoint, urlOf } from '../test/api.js';
import { pipelineProject } from '../test/pipeline-project.js';
import { startTestTelegram, type TestTelegram } from '../test/test-telegram-server.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { pollingJob } from './polling.job.js';

const SECRETS_KEY = 'test-secrets-key-0123456789';

describe('connecting a Telegram bot', () => {
  let tg: TestTelegram;
  let t: TestApp;
  let web: TestApp;
  beforeAll(async () => {
    tg = await startTestTelegram();
    t = await buildTestApp({ secretsKey: SECRETS_KEY, telegram: { apiUrl: tg.url } });
    web = await buildTestApp({ secretsKey: SECRETS_KEY, telegram: { apiUrl: tg.url }, appUrl: 'https://crm.example.com' });
  });
  afterAll(async () => {
    await t.close();
    await web.close();
    await tg.close();
  });

  const connect = (app: TestApp, projectId: number, token: string, bearer: string) =>
    callEndpoint(app.app, telegramEndpoints.connect, { params: { projectId }, token: bearer, body: { token } });

  it('checks the token with Telegram, keeps it sealed, and polls on a laptop', async () => {
    const p = await pipelineProject(t, 'Бот');
    await p.addCategory({ name: 'Новые' });
    const bot = tg.addBot('crm_demo_bot');
    const res = await connect(t, p.owner.projectId, bot.token, p.admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response).toMatchObject({ connected: true, username: 'crm_demo_bot', link: 'https://t.me/crm_demo_bot', mode: 'polling' });
    expect(JSON.stringify(res.body)).not.toContain(bot.token.split(':')[1]);
    const row = await t.db.selectFrom('telegram_bots').selectAll().executeTakeFirstOrThrow();
    expect(row.token_sealed).not.toContain(bot.token.split(':')[1]);
    const history = await t.db.selectFrom('history_events').select(['message', 'after']).where('kind', '=', 'telegram.connected').execute();
    expect(JSON.stringify(history)).not.toContain(bot.token.split(':')[1]);
    expect(tg.callsOf('deleteWebhook').some((c) => c.token === bot.token)).toBe(true);

    // Polling keeps each update once, and asks from the next one.
    tg.queue(bot.token, { update_id: 10 }, { update_id: 11 });
    expect(await pollingJob.run(t.deps, t.clock.now())).toBe(2);
    tg.queue(bot.token, { update_id: 11 }, { update_id: 12 });
    await pollingJob.run(t.deps, t.clock.now());
    const kept = await t.db.selectFrom('telegram_updates').select('update_id').orderBy('update_id').execute();
    expect(kept.map((u) => Number(u.update_id))).toEqual([10, 11, 12]);
    expect(tg.callsOf('getUpdates').at(-1)!.body.offset).toBe(12);

    const status = await callEndpoint(t.app, telegramEndpoints.status, { params: { projectId: p.owner.projectId }, token: p.admin.token });
    expect(status.body.response.username).toBe('crm_demo_bot');
  });

  it('sets a webhook with a secret on a public https address; a wrong secret is 401 with nothing kept, a repeat kept once', async () => {
    const p = await pipelineProject(web, 'Вебхук бота');
    await p.addCategory({ name: 'Новые' });
    const bot = tg.addBot('shop_support_bot');
    expect((await connect(web, p.owner.projectId, bot.token, p.admin.token)).body.response.mode).toBe('webhook');
    const set = tg.callsOf('setWebhook').find((c) => c.token === bot.token)!;
    expect(set.body.url).toBe(`https://crm.example.com/api/v1/telegram/webhook/${bot.id}`);
    const secret = String(set.body.secret_token);
    const hook = urlOf(telegramEndpoints.webhook, { botId: String(bot.id) });
    const send = (update: object, token?: string) =>
      call(web.app, 'POST', hook, { body: update, headers: token ? { 'x-telegram-bot-api-secret-token': token } : {} });

    expect((await send({ update_id: 1 }, 'wrong')).status).toBe(401);
    expect((await send({ update_id: 1 })).status).toBe(401);
    expect(await web.db.selectFrom('telegram_updates').select('id').execute()).toEqual([]);
    expect((await send({ update_id: 5, message: { text: 'Здравствуйте' } }, secret)).status).toBe(200);
    expect((await send({ update_id: 5, message: { text: 'Здравствуйте' } }, secret)).status).toBe(200);
    expect(await web.db.selectFrom('telegram_updates').select('id').execute()).toHaveLength(1);

    // Disconnected: the webhook goes, and its calls are ignored.
    expect((await callEndpoint(web.app, telegramEndpoints.disconnect, { params: { projectId: p.owner.projectId }, token: p.admin.token })).status).toBe(200);
    expect(tg.callsOf('deleteWebhook').some((c) => c.token === bot.token)).toBe(true);
    expect((await send({ update_id: 6 }, secret)).status).toBe(200);
    expect(await web.db.selectFrom('telegram_updates').select('id').where('update_id', '=', 6).execute()).toHaveLength(0);
    expect((await callEndpoint(web.app, telegramEndpoints.status, { params: { projectId: p.owner.projectId }, token: p.admin.token })).body.response).toEqual({ connected: false });
  });

  it("refuses a token Telegram refuses, in Russian, a bot of another project, a manager, and no SECRETS_KEY", async () => {
    const p = await pipelineProject(t, 'Отказы');
    await p.addCategory({ name: 'Новые' });
    const refused = await connect(t, p.owner.projectId, '123456789:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', p.admin.token);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.token).toEqual(['Telegram не принял токен: он неверный или отозван в @BotFather']);
    expect((await connect(t, p.owner.projectId, 'не токен', p.admin.token)).status).toBe(422);

    const bot = tg.addBot('taken_bot');
    const other = await pipelineProject(t, 'Первый');
    await other.addCategory({ name: 'Новые' });
    expect((await connect(t, other.owner.projectId, bot.token, other.admin.token)).status).toBe(200);
    const taken = await connect(t, p.owner.projectId, bot.token, p.admin.token);
    expect(taken.body.errors.token).toEqual(['Этот бот уже подключён к другому проекту']);
    expect((await connect(t, p.owner.projectId, tg.addBot('x_bot').token, p.manager.token)).status).toBe(403);

    const bare = await buildTestApp({ telegram: { apiUrl: tg.url } });
    try {
      const q = await pipelineProject(bare, 'Без ключа');
      await q.addCategory({ name: 'Новые' });
      const res = await connect(bare, q.owner.projectId, tg.addBot('nokey_bot').token, q.admin.token);
      expect(res.status).toBe(422);
      expect(res.body.message).toContain('SECRETS_KEY');
    } finally {
      await bare.close();
    }
  });

  it("changes where the bot's new clients go without connecting again; a manager, a stage of another project, no bot are refused", async () => {
    const p = await pipelineProject(t, 'Правила');
    const stage = await p.addCategory({ name: 'Новые' });
    const rules = (body: object, token = p.admin.token) =>
      callEndpoint(t.app, telegramEndpoints.rules, { params: { projectId: p.owner.projectId }, token, body });
    expect((await rules({ manager_rule: 'rotation' })).status).toBe(404);
    expect((await connect(t, p.owner.projectId, tg.addBot('rules_bot').token, p.admin.token)).status).toBe(200);
    const changed = await rules({ category_id: stage.id, manager_rule: 'one', manager_id: p.second.id });
    expect(changed.body.response).toMatchObject({ category_id: stage.id, manager_rule: 'one', manager_id: p.second.id });
    expect((await rules({ manager_rule: 'one', manager_id: 999_999 })).body.errors.manager_id).toEqual(['Выберите менеджера']);
    expect((await rules({ category_id: 999_999, manager_rule: 'rotation' })).body.errors.category_id).toEqual(['Категория не найдена']);
    expect((await rules({ manager_rule: 'rotation' }, p.manager.token)).status).toBe(403);
    const history = await t.db.selectFrom('history_events').select('kind').where('project_id', '=', p.owner.projectId).where('kind', '=', 'telegram.rules_changed').execute();
    expect(history).toHaveLength(1);
  });
});
