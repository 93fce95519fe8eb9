// `npm run bench:telegram [-- --conversations 10000] [--updates 1000] [--dialect sqlite|postgres]`:
// on a fresh SQLite file and a fresh PostgreSQL schema (BENCH_DATABASE_URL, else TEST_DATABASE_URL;
// skipped without either), serves the app with its scheduler, a bot connected by webhook to a test
// Bot API server, and `conversations` clients who wrote to it. Measures (issue 32): the inbox's
// first page (goal < 10 ms), how long after Telegram's webhook call a message reaches an open page
// (goal < 200 ms), and `updates` updates at once: how long until all are handled (goal: 1 000 a
// minute without a backlog).
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { EventSource } from 'eventsource';
import { clientMessagesEndpoints, LIVE_EVENTS_PATH, liveEventSchema, pathOf, telegramEndpoints } from '@crm/contract';
import { buildApp } from '../apps/server/src/app.js';
import { migrateToLatest, type Dialect } from '../apps/server/src/db/database.js';
import { collectMigrations } from '../apps/server/src/db/migrations/index.js';
import { features } from '../apps/server/src/features.js';
import { createScheduler } from '../apps/server/src/jobs/scheduler.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { startTestTelegram } from '../apps/server/src/test/test-telegram-server.js';
import { backendPidOf, benchDeps, openBenchDatabase, percentile, seededBenchOptions, timeRequest } from './in-process.js';
import { seedClients } from './seed-clients.js';

const { values: args } = parseArgs({
  options: {
    conversations: { type: 'string', default: '10000' },
    updates: { type: 'string', default: '1000' },
    ...seededBenchOptions,
  },
});
const CONVERSATIONS = Number(args.conversations);
const UPDATES = Number(args.updates);
const LIVE_SAMPLES = 30;
const GOALS = { inboxMs: 10, liveMs: 200, updatesPerMinute: 1000 };

const now = () => performance.now();

async function run(dialect: Dialect): Promise<string[]> {
  const database = await openBenchDatabase(dialect, args.keep);
  if (!database) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return [];
  }
  const { handle, schema } = database;
  const telegram = await startTestTelegram();
  const missed: string[] = [];
  try {
    console.log(`\n=== ${dialect}: ${CONVERSATIONS.toLocaleString('ru-RU')} conversations, ${UPDATES} updates at once ===`);
    await migrateToLatest(handle.db, collectMigrations(features), schema);
    const deps = await benchDeps(handle);
    deps.config = { ...deps.config, appUrl: 'https://crm.example.com', secretsKey: 'bench-secrets-key-0123456789', telegram: { apiUrl: telegram.url } };
    const app = await buildApp(deps, features);
    const seeded = await seedClients({ app, db: handle.db, clock: systemClock }, CONVERSATIONS, () => {});
    const bot = telegram.addBot('bench_bot');
    const connected = await app.inject({
      method: 'PUT',
      url: `/api/v1${pathOf(telegramEndpoints.connect, { projectId: seeded.projectId })}`,
      headers: { authorization: `Bearer ${seeded.admin.token}` },
      payload: { token: bot.token, manager_rule: 'one', manager_id: seeded.manager.id },
    });
    if (connected.statusCode !== 200) throw new Error(`connect: ${connected.body}`);
    const botRow = await handle.db.selectFrom('telegram_bots').select('id').executeTakeFirstOrThrow();

    // Every seeded client wrote once: a chat, his message and his conversation row, in batches.
    const clients = await handle.db.selectFrom('clients').select(['id']).where('project_id', '=', seeded.projectId).orderBy('id').execute();
    const at = new Date().toISOString();
    for (let i = 0; i < clients.length; i += 500) {
      const batch = clients.slice(i, i + 500);
      const chats = await handle.db
        .insertInto('telegram_chats')
        .values(batch.map((c) => ({ project_id: seeded.projectId, bot_id: botRow.id, client_id: c.id, telegram_user_id: String(1e9 + c.id), chat_id: String(1e9 + c.id), username: null, created_at: at })))
        .returning(['id', 'client_id'])
        .execute();
      const messages = await handle.db
        .insertInto('client_messages')
        .values(chats.map((c) => ({ project_id: seeded.projectId, client_id: c.client_id, chat_id: c.id, direction: 'in' as const, kind: 'text' as const, text: `Вопрос клиента ${c.client_id}`, telegram_message_id: '1', created_at: at, status: 'received' as const, error: null, author_id: null, next_attempt_at: null, claimed_until: null, keyboard: null })))
        .returning(['id', 'client_id'])
        .execute();
      await handle.db
        .insertInto('client_threads')
        .values(messages.map((m) => ({ project_id: seeded.projectId, client_id: m.client_id, last_message_id: m.id, last_message_at: at, incoming_count: 1 })))
        .execute();
    }

    // As the database's own statistics would be after autovacuum on a live server.
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db);
    const inboxUrl = `/api/v1${pathOf(clientMessagesEndpoints.inbox, { projectId: seeded.projectId })}`;
    const pid = () => backendPidOf(handle);
    const runs = { runs: Number(args.runs), warmup: 20 };
    for (const [name, token, query] of [
      ['admin, all', seeded.admin.token, ''],
      ['admin, mine', seeded.admin.token, '?filter=mine'],
      ['manager', seeded.manager.token, ''],
    ] as const) {
      const timed = await timeRequest(app, { name, url: `${inboxUrl}${query}`, token }, pid, runs);
      console.log(`GET /inbox first page (${name}): p50 ${timed.wall.p50.toFixed(2)} ms, p95 ${timed.wall.p95.toFixed(2)} ms (CPU p50 ${timed.cpu.p50.toFixed(2)} ms) (goal < ${GOALS.inboxMs} ms)`);
      if (timed.wall.p50 >= GOALS.inboxMs) missed.push(`${dialect}: inbox (${name}) p50 ${timed.wall.p50.toFixed(1)} ms`);
    }
    const unread = await timeRequest(app, { name: 'unread', url: `${inboxUrl}/unread`, token: seeded.admin.token }, pid, runs);
    console.log(`GET /inbox/unread (admin, ${CONVERSATIONS} unread conversations): p50 ${unread.wall.p50.toFixed(2)} ms, p95 ${unread.wall.p95.toFixed(2)} ms`);

    const scheduler = createScheduler(deps, features.flatMap((f) => f.jobs ?? []));
    scheduler.start(200);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const secret = String(telegram.callsOf('setWebhook').at(-1)!.body.secret_token);
    const hook = `${base}/api/v1${pathOf(telegramEndpoints.webhook, { botId: String(bot.id) })}`;
    let updateId = 1;
    const post = (userId: number, text: string) =>
      fetch(hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
        body: JSON.stringify({
          update_id: updateId++,
          message: { message_id: updateId, date: Math.floor(Date.now() / 1000), chat: { id: userId, type: 'private' }, from: { id: userId, is_bot: false, first_name: 'Писатель' }, text },
        }),
      }).then((res) => res.arrayBuffer());

    // An admin's open page (he hears every client): from the webhook call to the message's arrival in it.
    const page = new EventSource(`${base}${LIVE_EVENTS_PATH}`, {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${seeded.admin.token}` } }),
    });
    const arrivals = new Map<string, number>();
    let ready: () => void = () => {};
    const isReady = new Promise<void>((resolve) => (ready = resolve));
    page.addEventListener('message', (message) => {
      const event = liveEventSchema.parse(JSON.parse(message.data));
      if (event.type === 'ready') ready();
      if (event.type === 'client.message' && event.payload.message.direction === 'in') arrivals.set(event.payload.message.text, now());
    });
    await isReady;
    const latencies: number[] = [];
    for (let i = 0; i < LIVE_SAMPLES; i += 1) {
      const text = `Живое сообщение ${i}`;
      // Half from known writers, half from new ones (a client is made first).
      const userId = i % 2 === 0 ? 1e9 + clients[i]!.id : 5e8 + i;
      const sent = now();
      await post(userId, text);
      while (!arrivals.has(text)) await new Promise((resolve) => setTimeout(resolve, 1));
      latencies.push(arrivals.get(text)! - sent);
    }
    page.close();
    const liveMax = Math.max(...latencies);
    console.log(`a message from the webhook call to the open page: p50 ${percentile(latencies, 50).toFixed(1)} ms, max ${liveMax.toFixed(1)} ms (goal < ${GOALS.liveMs} ms)`);
    if (percentile(latencies, 95) >= GOALS.liveMs) missed.push(`${dialect}: live p95 ${percentile(latencies, 95).toFixed(0)} ms`);

    // Many at once, from 100 writers (a tenth new): how long until every one is handled.
    const began = now();
    await Promise.all(Array.from({ length: UPDATES }, (_, i) => post(i % 100 < 10 ? 6e8 + (i % 100) : 1e9 + clients[100 + (i % 100)]!.id, `Поток ${i}`)));
    const keptIn = now() - began;
    for (;;) {
      const { n } = await handle.db.selectFrom('telegram_updates').select((eb) => eb.fn.countAll<number>().as('n')).where('handled_at', 'is', null).executeTakeFirstOrThrow();
      if (Number(n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (now() - began) / 1000;
    const perMinute = (UPDATES / seconds) * 60;
    console.log(`${UPDATES} updates at once: webhook answered them all in ${(keptIn / 1000).toFixed(2)} s, all handled in ${seconds.toFixed(2)} s (${perMinute.toFixed(0)}/min; goal ${GOALS.updatesPerMinute}/min)`);
    if (perMinute < GOALS.updatesPerMinute) missed.push(`${dialect}: ${perMinute.toFixed(0)} updates/min`);
    await scheduler.stop();
    await app.close();
  } finally {
    await telegram.close();
    await database.cleanup();
  }
  return missed;
}

const dialects: Dialect[] = args.dialect ? [args.dialect as Dialect] : ['sqlite', 'postgres'];
const missed: string[] = [];
for (const dialect of dialects) missed.push(...(await run(dialect)));
console.log(missed.length === 0 ? '\nAll goals met.' : `\nMissed:\n  ${missed.join('\n  ')}`);
process.exit(missed.length === 0 ? 0 : 1);
