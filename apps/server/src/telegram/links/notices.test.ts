import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationsEndpoints,
  remindersEndpoints,
  telegramEndpoints,
  telegramLinksEndpoints,
  type ReminderCreateBody,
} from '@crm/contract';
import { callEndpoint } from '../../test/api.js';
import { pipelineProject } from '../../test/pipeline-project.js';
import { startTestTelegram, type TestTelegram } from '../../test/test-telegram-server.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { dueRemindersJob } from '../../reminders/index.js';
import { createScheduler } from '../../jobs/scheduler.js';
import { pollingJob } from '../polling.job.js';
import { updatesJob } from '../updates.job.js';
import { noticesJob } from './notices.sender.js';

const SECRETS_KEY = 'test-secrets-key-0123456789';
let nextUpdate = 1;
const update = (userId: number, text: string) => ({
  update_id: nextUpdate++,
  message: {
    message_id: nextUpdate,
    date: 1_800_000_000,
    chat: { id: userId, type: 'private' },
    from: { id: userId, is_bot: false, first_name: 'Писатель', username: `tg${userId}` },
    text,
  },
});

describe("members' notices in their Telegram", () => {
  let tg: TestTelegram;
  let t: TestApp;
  beforeAll(async () => {
    tg = await startTestTelegram();
    // APP_URL is http: the bot polls, as on a laptop.
    t = await buildTestApp({ secretsKey: SECRETS_KEY, telegram: { apiUrl: tg.url } });
  });
  afterAll(async () => {
    await t.close();
    await tg.close();
  });

  /** Telegram's updates fetched and handled, as the scheduler's jobs do every second. */
  const telegramPass = async () => {
    await pollingJob.run(t.deps, t.clock.now());
    await updatesJob.run(t.deps, t.clock.now());
  };
  const sendNotices = () => noticesJob.run(t.deps, t.clock.now());

  /** A project (Europe/Moscow) with a client of each manager, at a fixed moment. */
  async function remindersProject() {
    t.clock.set('2026-07-01T09:00:00Z');
    const p = await pipelineProject(t);
    const stage = await p.addCategory({ name: 'Новые' });
    const ivan = await p.addClient(p.manager.token, {
      name: 'Иван',
      last_name: 'Петров',
      category_id: stage.id,
    });
    const olga = await p.addClient(p.second.token, {
      name: 'Ольга',
      last_name: 'Смирнова',
      category_id: stage.id,
    });
    const addReminder = async (
      token: string,
      clientId: number,
      body: Pick<ReminderCreateBody, 'title' | 'completion_date' | 'remind_before'>,
    ) => {
      const res = await callEndpoint(t.app, remindersEndpoints.create, {
        params: { projectId: p.owner.projectId, clientId },
        token,
        body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.response as { id: number };
    };
    return { ...p, ivan, olga, addReminder };
  }

  /** The reminders' project with its bot (new clients to the manager), the manager's Telegram linked. */
  async function linkedProject(name: string, chatId: number) {
    const p = await remindersProject();
    const projectId = p.owner.projectId;
    const bot = tg.addBot(`${name}_bot`);
    const connected = await callEndpoint(t.app, telegramEndpoints.connect, {
      params: { projectId },
      token: p.admin.token,
      body: { token: bot.token, manager_rule: 'one', manager_id: p.manager.id },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const code = await callEndpoint(t.app, telegramLinksEndpoints.createCode, {
      params: { projectId },
      token: p.manager.token,
    });
    tg.queue(
      bot.token,
      update(chatId, `/start ${new URL(code.body.response.url as string).searchParams.get('start')}`),
    );
    await telegramPass();
    const status = await callEndpoint(t.app, telegramLinksEndpoints.status, {
      params: { projectId },
      token: p.manager.token,
    });
    expect(status.body.response.linked).toBe(true);
    /** The bot's messages to the member's chat, after the linking's answer. */
    const notices = () =>
      tg
        .callsOf('sendMessage')
        .filter((c) => c.token === bot.token && c.body.chat_id === String(chatId))
        .slice(1)
        .map((c) => c.body.text);
    return { p, projectId, bot, notices };
  }

  it("sends the manager's reminder notice to his chat with the client's page, once, and nothing of others'", async () => {
    const { p, notices } = await linkedProject('reminders', 8001);
    const due = await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Звонок',
      completion_date: '2026-07-01T12:00:00Z',
      remind_before: 60,
    });
    await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Просрочка',
      completion_date: '2026-07-01T10:00:00Z',
    });
    // The second manager's, and he has not linked his Telegram.
    await p.addReminder(p.second.token, p.olga.id, {
      title: 'Чужое',
      completion_date: '2026-07-01T12:00:00Z',
      remind_before: 60,
    });
    expect(await sendNotices()).toBe(0);

    t.clock.set('2026-07-01T11:00:30Z');
    const scheduler = createScheduler(t.deps, [dueRemindersJob]);
    expect(await scheduler.runDue()).toEqual({ 'reminders.due': 3 });
    expect(await sendNotices()).toBe(1);
    // One at a time per member, in order: the expired one went first.
    expect(await sendNotices()).toBe(1);
    expect(await sendNotices()).toBe(0);
    expect(notices()).toEqual([
      `Просрочено напоминание «Просрочка» (клиент Иван Петров, срок 01.07.2026 13:00)\nhttp://localhost:5173/clients/${p.ivan.id}`,
      `Напоминание «Звонок»: клиент Иван Петров, срок 01.07.2026 15:00\nhttp://localhost:5173/clients/${p.ivan.id}`,
    ]);
    expect(due.id).toBeGreaterThan(0);
    expect(await t.db.selectFrom('telegram_notices').select('id').execute()).toEqual([]);
  });

  it("forwards his clients' messages to the bot and the administrator's answers in the admin chat", async () => {
    const { p, projectId, bot, notices } = await linkedProject('messages', 8101);
    tg.queue(bot.token, update(9101, 'Сколько стоит?'));
    await telegramPass();
    const client = await t.db
      .selectFrom('telegram_chats')
      .select('client_id')
      .where('telegram_user_id', '=', '9101')
      .executeTakeFirstOrThrow();

    const asked = await callEndpoint(t.app, conversationsEndpoints.create, {
      params: { projectId },
      token: p.manager.token,
      body: { client_id: p.ivan.id, content: 'Дать скидку?' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const answered = await callEndpoint(t.app, conversationsEndpoints.send, {
      params: { projectId, id: asked.body.response.id as number },
      token: p.admin.token,
      body: { content: 'Да, 5%' },
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);

    while ((await sendNotices()) > 0);
    expect(notices()).toEqual([
      `Писатель @tg9101 в Telegram: Сколько стоит?\nhttp://localhost:5173/clients/${client.client_id}`,
      `Анна Админова (клиент Иван Петров): Да, 5%\nhttp://localhost:5173/clients/${p.ivan.id}`,
    ]);
  });

  it("waits as long as Telegram's rate limit asks and sends once; a blocked bot unlinks the member, in the history", async () => {
    const { p, projectId, bot, notices } = await linkedProject('limits', 8201);
    await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Первое',
      completion_date: '2026-07-01T10:00:00Z',
    });
    await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Второе',
      completion_date: '2026-07-01T10:00:00Z',
    });
    tg.refuse(bot.token, {
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      parameters: { retry_after: 7 },
    });
    t.clock.set('2026-07-01T10:30:00Z');
    await dueRemindersJob.run(t.deps, t.clock.now());

    const attempts = () =>
      tg.callsOf('sendMessage').filter((c) => c.token === bot.token && c.body.chat_id === '8201').length - 1;
    expect(await sendNotices()).toBe(1);
    expect(attempts()).toBe(1);
    // Waiting: the first holds the second.
    t.clock.advance(5_000);
    expect(await sendNotices()).toBe(0);
    expect(attempts()).toBe(1);
    t.clock.advance(3_000);
    expect(await sendNotices()).toBe(1);
    expect(await sendNotices()).toBe(1);
    expect(await sendNotices()).toBe(0);
    expect(attempts()).toBe(3);
    expect(notices().map((text) => String(text).split(' (')[0])).toEqual([
      'Просрочено напоминание «Первое»',
      'Просрочено напоминание «Первое»',
      'Просрочено напоминание «Второе»',
    ]);

    // He blocked the bot: his link goes with what was waiting, and he sees he is not linked.
    tg.refuse(bot.token, { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Третье',
      completion_date: '2026-07-01T10:40:00Z',
    });
    await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Четвёртое',
      completion_date: '2026-07-01T10:40:00Z',
    });
    t.clock.set('2026-07-01T10:45:00Z');
    await dueRemindersJob.run(t.deps, t.clock.now());
    expect(await sendNotices()).toBe(1);
    expect(await sendNotices()).toBe(0);
    expect(attempts()).toBe(4);
    const status = await callEndpoint(t.app, telegramLinksEndpoints.status, {
      params: { projectId },
      token: p.manager.token,
    });
    expect(status.body.response.linked).toBe(false);
    expect(
      await t.db.selectFrom('telegram_notices').select('id').where('project_id', '=', projectId).execute(),
    ).toEqual([]);
    expect((await p.history('telegram.member_unlinked')).map((h) => [h.actor_id, h.message])).toEqual([
      [null, 'Уведомления CRM больше не приходят в Telegram @tg8201: бот заблокирован или аккаунт удалён'],
    ]);
  });

  it('fails a notice whose attempt was cut short (an instance stopped), never sending it again', async () => {
    const { p, projectId } = await linkedProject('abandoned', 8301);
    await p.addReminder(p.manager.token, p.ivan.id, {
      title: 'Оборванное',
      completion_date: '2026-07-01T10:00:00Z',
    });
    t.clock.set('2026-07-01T10:30:00Z');
    await dueRemindersJob.run(t.deps, t.clock.now());
    // As an instance that claimed it and stopped.
    await t.db
      .updateTable('telegram_notices')
      .set({ claimed_until: '2026-07-01T10:30:30.000Z' })
      .where('project_id', '=', projectId)
      .execute();
    expect(await sendNotices()).toBe(0);
    t.clock.set('2026-07-01T10:31:00Z');
    expect(await sendNotices()).toBe(1);
    expect(
      await t.db
        .selectFrom('telegram_notices')
        .select(['status', 'error'])
        .where('project_id', '=', projectId)
        .execute(),
    ).toEqual([{ status: 'failed', error: 'Неизвестно, дошло ли уведомление' }]);
    expect(await sendNotices()).toBe(0);
  });
});
