import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFormEndpoints, clientsEndpoints, telegramEndpoints } from '@crm/contract';
import { call, callEndpoint, urlOf } from '../test/api.js';
import { pipelineProject } from '../test/pipeline-project.js';
import { startTestTelegram, type TestTelegram } from '../test/test-telegram-server.js';
import { buildTestApp, buildTwin, testDialect, type TestApp } from '../test/test-app.js';
import { createScheduler } from '../jobs/scheduler.js';
import { pollingJob } from './polling.job.js';
import { updatesJob } from './updates.job.js';
import { handleUpdates } from './updates.service.js';

const SECRETS_KEY = 'test-secrets-key-0123456789';
let nextUpdate = 100;
let nextMessage = 1;
const from = (id: number, first: string, last?: string) => ({ id, is_bot: false, first_name: first, ...(last ? { last_name: last } : {}) });
const textUpdate = (user: ReturnType<typeof from>, text: string) => ({
  update_id: nextUpdate++,
  message: { message_id: nextMessage++, date: 1_800_000_000, chat: { id: user.id, type: 'private' }, from: user, text },
});
const contactUpdate = (user: ReturnType<typeof from>, phone: string) => ({
  update_id: nextUpdate++,
  message: {
    message_id: nextMessage++,
    date: 1_800_000_000,
    chat: { id: user.id, type: 'private' },
    from: user,
    contact: { phone_number: phone, first_name: user.first_name, user_id: user.id },
  },
});

/** A project with a required phone, a stage, two managers, and its bot connected (polling). */
async function botProject(t: TestApp, tg: TestTelegram, name: string, rule: { manager_rule: 'one' | 'rotation'; manager_id?: number } = { manager_rule: 'rotation' }) {
  const p = await pipelineProject(t, name);
  const stage = await p.addCategory({ name: 'Из Telegram' });
  const group = await call(t.app, 'POST', urlOf(clientFormEndpoints.createGroup, { projectId: p.owner.projectId }), {
    token: p.admin.token,
    body: { project_id: p.owner.projectId, title: 'Контакты', fields: [{ type: 'phone_number', name: 'Телефон', required: true }] },
  });
  const phoneId = (group.body.response.fields as { id: number }[])[0]!.id;
  const bot = tg.addBot(`${name.toLowerCase().replace(/\W/g, '')}_bot`);
  const connected = await callEndpoint(t.app, telegramEndpoints.connect, {
    params: { projectId: p.owner.projectId },
    token: p.admin.token,
    body: { token: bot.token, ...rule },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  return { p, stage, phoneId, bot };
}

describe('clients writing to the bot', () => {
  let tg: TestTelegram;
  let t: TestApp;
  beforeAll(async () => {
    tg = await startTestTelegram();
    t = await buildTestApp({ secretsKey: SECRETS_KEY, telegram: { apiUrl: tg.url } });
  });
  afterAll(async () => {
    await t.close();
    await tg.close();
  });

  const pass = async () => {
    await pollingJob.run(t.deps, t.clock.now());
    return updatesJob.run(t.deps, t.clock.now());
  };
  const clientsOf = (projectId: number) =>
    t.db.selectFrom('clients').select(['id', 'name', 'last_name', 'manager_id', 'category_id']).where('project_id', '=', projectId).orderBy('id').execute();
  const messagesOf = (clientId: number) =>
    t.db.selectFrom('client_messages').select(['direction', 'kind', 'text']).where('client_id', '=', clientId).where('direction', '=', 'in').orderBy('id').execute();

  it('makes a new client of an unknown writer, in the bot stage, named from his profile; his next messages are his', async () => {
    const { p, stage, bot } = await botProject(t, tg, 'Новый');
    const anna = from(501, 'Анна', 'Клиентова');
    tg.queue(bot.token, textUpdate(anna, 'Здравствуйте, сколько стоит?'), textUpdate(anna, 'И доставка?'));
    expect(await pass()).toBe(2);
    const [client] = await clientsOf(p.owner.projectId);
    expect(client).toMatchObject({ name: 'Анна', last_name: 'Клиентова', category_id: stage.id });
    expect([p.manager.id, p.second.id]).toContain(client!.manager_id);
    expect(await messagesOf(client!.id)).toEqual([
      { direction: 'in', kind: 'text', text: 'Здравствуйте, сколько стоит?' },
      { direction: 'in', kind: 'text', text: 'И доставка?' },
    ]);
    // A client creation as any other, by the bot.
    const entry = await t.db
      .selectFrom('history_events as h')
      .innerJoin('users as u', 'u.id', 'h.actor_id')
      .select('u.name')
      .where('h.kind', '=', 'client.created')
      .where('h.subject_id', '=', client!.id)
      .executeTakeFirstOrThrow();
    expect(entry.name).toBe(`Telegram-бот @${bot.username}`);
    // Replayed: handled once.
    tg.queue(bot.token, { ...textUpdate(anna, 'повтор'), update_id: 100 });
    await pass();
    expect(await messagesOf(client!.id)).toHaveLength(2);
  });

  it('moves a chat and its messages with a client merged into another, and the next message follows them', async () => {
    const { p, stage, phoneId, bot } = await botProject(t, tg, 'Слияние');
    const ivan = from(901, 'Иван', 'Телеграмов');
    tg.queue(bot.token, textUpdate(ivan, 'Первое'));
    await pass();
    const [fromTelegram] = await clientsOf(p.owner.projectId);
    const survivor = await p.addClient(p.admin.token, {
      name: 'Иван',
      last_name: 'Старый',
      category_id: stage.id,
      manager_id: p.manager.id,
      fields: [{ field_id: phoneId, value: '+7 912 000-00-01' }],
    });
    const merged = await call(t.app, 'POST', urlOf(clientsEndpoints.merge, { projectId: p.owner.projectId, id: survivor.id }), {
      token: p.admin.token,
      body: { other_id: fromTelegram!.id },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    tg.queue(bot.token, textUpdate(ivan, 'Второе'));
    await pass();
    expect((await messagesOf(survivor.id)).map((m) => m.text)).toEqual(['Первое', 'Второе']);
    expect((await clientsOf(p.owner.projectId)).map((c) => c.id)).toEqual([survivor.id]);
  });

  it('finds the client by the number a writer shares, and gives the managers new clients by turns', async () => {
    const { p, phoneId, bot } = await botProject(t, tg, 'Номер');
    const known = await p.addClient(p.manager.token, {
      name: 'Пётр',
      last_name: 'Известный',
      category_id: (await p.categories())[0]!.id,
      fields: [{ field_id: phoneId, value: '+7 912 345-67-89' }],
    });
    const petr = from(601, 'Петя');
    tg.queue(bot.token, contactUpdate(petr, '79123456789'), textUpdate(petr, 'Это я'));
    await pass();
    expect((await clientsOf(p.owner.projectId)).map((c) => c.id)).toEqual([known.id]);
    expect((await messagesOf(known.id)).map((m) => m.kind)).toEqual(['contact', 'text']);

    tg.queue(bot.token, textUpdate(from(602, 'Один'), 'Привет'), textUpdate(from(603, 'Два'), 'Привет'), textUpdate(from(604, 'Три'), 'Привет'));
    await pass();
    const made = (await clientsOf(p.owner.projectId)).filter((c) => c.id !== known.id).map((c) => c.manager_id);
    const managers = [p.manager.id, p.second.id].sort((a, b) => a - b);
    expect(made).toEqual([managers[0], managers[1], managers[0]]);
  });

  it('takes a number shared after the first message: merges the new client into the one who has it, else writes it on him', async () => {
    const { p, phoneId, bot } = await botProject(t, tg, 'Позже');
    const known = await p.addClient(p.manager.token, {
      name: 'Анна',
      last_name: 'Давняя',
      category_id: (await p.categories())[0]!.id,
      fields: [{ field_id: phoneId, value: '+7 912 111-22-33' }],
    });
    const anna = from(701, 'Аня');
    tg.queue(bot.token, textUpdate(anna, 'Здравствуйте'));
    await pass();
    expect(await clientsOf(p.owner.projectId)).toHaveLength(2);
    tg.queue(bot.token, contactUpdate(anna, '79121112233'), textUpdate(anna, 'Это мой номер'));
    await pass();
    expect((await clientsOf(p.owner.projectId)).map((c) => c.id)).toEqual([known.id]);
    const texts = (await messagesOf(known.id)).map((m) => m.text);
    expect(texts).toEqual(['Здравствуйте', 'Номер телефона: 79121112233', 'Это мой номер']);

    const boris = from(702, 'Борис');
    tg.queue(bot.token, textUpdate(boris, 'Добрый день'), contactUpdate(boris, '+7 912 444 55 66'));
    await pass();
    const made = (await clientsOf(p.owner.projectId)).find((c) => c.id !== known.id)!;
    const view = await call(t.app, 'GET', urlOf(clientsEndpoints.get, { projectId: p.owner.projectId, id: made.id }), { token: p.admin.token });
    expect(view.body.response.fields).toEqual([{ field_id: phoneId, value: '79124445566' }]);
    // A client who has a number keeps it: another one shared stays a message.
    tg.queue(bot.token, contactUpdate(boris, '+7 912 777 88 99'));
    await pass();
    const again = await call(t.app, 'GET', urlOf(clientsEndpoints.get, { projectId: p.owner.projectId, id: made.id }), { token: p.admin.token });
    expect(again.body.response.fields).toEqual([{ field_id: phoneId, value: '79124445566' }]);
  });

  it('keeps a very long message cut at 10 000 characters, names a photo, and passes over an update of another kind', async () => {
    const { p, bot } = await botProject(t, tg, 'Странные');
    const olga = from(801, 'Ольга');
    const long = textUpdate(olga, 'я'.repeat(100_000));
    const photo = {
      update_id: nextUpdate++,
      message: {
        message_id: nextMessage++,
        date: 1_800_000_000,
        chat: { id: olga.id, type: 'private' },
        from: olga,
        photo: [{ file_id: 'f1', file_unique_id: 'u1', width: 10, height: 10 }],
        caption: 'вот такой',
      },
    };
    tg.queue(bot.token, long, photo, { update_id: nextUpdate++, edited_message: { message_id: 1 } } as never);
    expect(await pass()).toBe(3);
    const [client] = await clientsOf(p.owner.projectId);
    const kept = await messagesOf(client!.id);
    expect(kept.map((m) => m.kind)).toEqual(['text', 'photo']);
    expect(kept[0]!.text).toHaveLength(10_000);
    expect(kept[1]!.text).toBe('Фото: вот такой');
    const waiting = await t.db.selectFrom('telegram_updates').select('id').where('handled_at', 'is', null).execute();
    expect(waiting).toEqual([]);
  });
});

describe.runIf(testDialect === 'postgres')('two instances handling the same updates', () => {
  it('handles each update once', async () => {
    const tg = await startTestTelegram();
    const one = await buildTestApp({ secretsKey: SECRETS_KEY, telegram: { apiUrl: tg.url } });
    const two = await buildTwin(one);
    try {
      const { p, bot } = await botProject(one, tg, 'Дубль');
      for (let i = 0; i < 30; i += 1) tg.queue(bot.token, textUpdate(from(700 + (i % 5), `Клиент${i % 5}`), `сообщение ${i}`));
      await pollingJob.run(one.deps, one.clock.now());
      // The scheduler's lease lets one instance handle them at a time; each update is taken once.
      const schedulers = [createScheduler(one.deps, [updatesJob]), createScheduler(two.deps, [updatesJob])];
      await Promise.all(schedulers.map((s) => s.runDue()));
      one.clock.advance(2_000);
      await Promise.all(schedulers.map((s) => s.runDue()));
      // And the webhook's wake-up on each instance at once: a bot's updates are one instance's at a time.
      for (let i = 30; i < 40; i += 1) tg.queue(bot.token, textUpdate(from(700 + (i % 5), `Клиент${i % 5}`), `сообщение ${i}`));
      await pollingJob.run(one.deps, one.clock.now());
      await Promise.all([handleUpdates(one.deps), handleUpdates(two.deps), handleUpdates(one.deps)]);
      await Promise.all([handleUpdates(one.deps), handleUpdates(two.deps)]);
      const messages = await one.db.selectFrom('client_messages').select('text').where('project_id', '=', p.owner.projectId).where('direction', '=', 'in').orderBy('id').execute();
      expect(messages.map((m) => m.text)).toEqual(Array.from({ length: 40 }, (_, i) => `сообщение ${i}`));
      const clients = await one.db.selectFrom('clients').select('id').where('project_id', '=', p.owner.projectId).execute();
      expect(clients).toHaveLength(5);
    } finally {
      await two.close();
      await one.close();
      await tg.close();
    }
  });
});
