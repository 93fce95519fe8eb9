// `npm run bench:webhooks [-- --clients 10000] [--receiver-ms 5] [--dialect sqlite|postgres]`: on a
// fresh SQLite file and a fresh PostgreSQL schema (BENCH_DATABASE_URL, else TEST_DATABASE_URL;
// skipped without either), serves the app on a local port with its scheduler and a webhook to a
// local receiver that answers after `receiver-ms`. Measures (issue 31): how long after a move's
// answer its delivery arrives (goal < 1 s), and a bulk move of `clients` clients queueing as many
// deliveries: how fast they drain, and GET /user's p99 meanwhile (goal < 100 ms while they drain;
// the p99 while the bulk move queues them is printed beside it).
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { clientBulkEndpoints, clientsEndpoints, pathOf, webhooksEndpoints } from '@crm/contract';
import { buildApp } from '../apps/server/src/app.js';
import { migrateToLatest, type Dialect } from '../apps/server/src/db/database.js';
import { collectMigrations } from '../apps/server/src/db/migrations/index.js';
import { features } from '../apps/server/src/features.js';
import { createScheduler } from '../apps/server/src/jobs/scheduler.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { benchDeps, openBenchDatabase, percentile, seededBenchOptions, whileMeasuring } from './in-process.js';
import { seedClients } from './seed-clients.js';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '10000' },
    'receiver-ms': { type: 'string', default: '5' },
    ...seededBenchOptions,
  },
});
const CLIENTS = Number(args.clients);
const SINGLE_MOVES = 20;
const GOALS = { latencyMs: 1000, userP99: 100 };

type Arrival = { id: string; at: number; verified: boolean };

/** The receiver in its own process (bench/webhook-receiver.ts); arrivals come back by IPC. */
async function startReceiverProcess(receiverMs: string) {
  const child = fork(new URL('./webhook-receiver.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, RECEIVER_MS: receiverMs },
  });
  const received: Arrival[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const url = await new Promise<string>((resolve) =>
    child.on('message', (message: { type: string; url?: string } & Arrival) => {
      if (message.type === 'ready') resolve(message.url!);
      if (message.type !== 'arrived') return;
      received.push(message);
      for (const w of [...waiters]) {
        if (received.length < w.count) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }),
  );
  return {
    url,
    received,
    useSecret: (secret: string) => child.send({ type: 'secret', secret }),
    waitFor: (count: number) =>
      received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.send({ type: 'close' }))),
  };
}

/** Now, on the clock both processes share (epoch ms, sub-millisecond). */
const now = () => performance.timeOrigin + performance.now();

async function run(dialect: Dialect): Promise<string[]> {
  const database = await openBenchDatabase(dialect, args.keep);
  if (!database) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return [];
  }
  const { handle, schema } = database;
  const receiver = await startReceiverProcess(args['receiver-ms']);
  const missed: string[] = [];
  try {
    console.log(`\n=== ${dialect}: ${CLIENTS.toLocaleString('ru-RU')} clients, receiver answers in ${args['receiver-ms']} ms ===`);
    await migrateToLatest(handle.db, collectMigrations(features), schema);
    const deps = await benchDeps(handle);
    deps.config = { ...deps.config, webhooks: { allowPrivate: true, timeoutMs: 10_000 } };
    const app = await buildApp(deps, features);
    // Spread over the stages: enough outside the target one for the moves.
    const seeded = await seedClients({ app, db: handle.db, clock: systemClock }, Math.ceil(CLIENTS * 1.3) + SINGLE_MOVES, () => {});
    const scheduler = createScheduler(deps, features.flatMap((f) => f.jobs ?? []));
    scheduler.start(200);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const admin = { authorization: `Bearer ${seeded.admin.token}`, 'content-type': 'application/json' };
    const api = (path: string) => `${base}/api/v1${path}`;

    const created = await fetch(api(pathOf(webhooksEndpoints.create, { projectId: seeded.projectId })), {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ url: receiver.url, events: ['client.stage_changed'] }),
    });
    receiver.useSecret(((await created.json()) as { response: { secret: string } }).response.secret);

    const to = seeded.categoryIds[3]!;
    const ids = (
      await handle.db.selectFrom('clients').select('id').where('project_id', '=', seeded.projectId).where('category_id', '!=', to).orderBy('id').limit(CLIENTS + SINGLE_MOVES).execute()
    ).map((r) => r.id);

    // One move at a time: from its answer to the delivery's arrival.
    const latencies: number[] = [];
    for (const id of ids.slice(0, SINGLE_MOVES)) {
      const res = await fetch(api(pathOf(clientsEndpoints.updateCategory, { projectId: seeded.projectId, id })), {
        method: 'PUT',
        headers: admin,
        body: JSON.stringify({ category_id: to }),
      });
      await res.arrayBuffer();
      const answered = now();
      await receiver.waitFor(latencies.length + 1);
      latencies.push(Math.max(0, receiver.received.at(-1)!.at - answered));
    }
    const latencyMax = Math.max(...latencies);
    console.log(
      `a move's delivery after its answer: p50 ${percentile(latencies, 50).toFixed(1)} ms, max ${latencyMax.toFixed(1)} ms (goal < ${GOALS.latencyMs} ms)`,
    );
    if (latencyMax >= GOALS.latencyMs) missed.push(`${dialect}: delivery latency ${latencyMax.toFixed(0)} ms`);

    // A bulk move queues a delivery per client; they drain while a person keeps working.
    const bulkIds = ids.slice(SINGLE_MOVES);
    const began = now();
    const measured = await whileMeasuring(base, seeded.admin.token, async () => {
      const res = await fetch(api(pathOf(clientBulkEndpoints.start, { projectId: seeded.projectId })), {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ action: 'move', category_id: to, ids: bulkIds }),
      });
      if (res.status !== 200) throw new Error(`bulk move: ${res.status} ${await res.text()}`);
      // When the bulk move has queued the last delivery (polled: the bench only watches).
      const queuedAll = (async () => {
        for (;;) {
          const { n } = await handle.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
          if (Number(n) >= SINGLE_MOVES + bulkIds.length) return now();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      await receiver.waitFor(SINGLE_MOVES + bulkIds.length);
      return { queued: await queuedAll, arrivedBefore: 0 };
    });
    const queuedAt = measured.result.queued;
    const leftWhenQueued = receiver.received.filter((r) => r.at > queuedAt).length;
    const tail = (now() - queuedAt) / 1000;
    const seconds = (now() - began) / 1000;
    const p99 = percentile(measured.latencies, 99);
    const whileQueueing = measured.latencies.filter((_, i) => measured.startedAt[i]! < queuedAt);
    const whileDraining = measured.latencies.filter((_, i) => measured.startedAt[i]! >= queuedAt);
    const ids2 = new Set(receiver.received.map((r) => r.id));
    console.log(
      `${bulkIds.length.toLocaleString('ru-RU')} deliveries of a bulk move: all queued in ${((queuedAt - began) / 1000).toFixed(1)} s, all arrived in ${seconds.toFixed(1)} s ` +
        `(${(bulkIds.length / seconds).toFixed(0)}/s; the ${leftWhenQueued} still queued then drained at ${(leftWhenQueued / tail).toFixed(0)}/s), each once: ${ids2.size === receiver.received.length}, signed: ${receiver.received.every((r) => r.verified)}; ` +
        `GET /user meanwhile p50 ${percentile(measured.latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (goal < ${GOALS.userP99} ms): ` +
        `${percentile(whileQueueing, 99).toFixed(1)} ms while the bulk move queued them, ${percentile(whileDraining, 99).toFixed(1)} ms while they drained after`,
    );
    // The goal is the drain's; while the bulk move itself writes, its own batches set the p99
    // (bench:list measures the bulk move).
    const drainP99 = percentile(whileDraining, 99);
    if (drainP99 >= GOALS.userP99) missed.push(`${dialect}: GET /user p99 ${drainP99.toFixed(0)} ms while draining`);
    await scheduler.stop();
    await app.close();
  } finally {
    await receiver.close();
    await database.cleanup();
  }
  return missed;
}

const dialects: Dialect[] = args.dialect ? [args.dialect as Dialect] : ['sqlite', 'postgres'];
const missed: string[] = [];
for (const dialect of dialects) missed.push(...(await run(dialect)));
console.log(missed.length === 0 ? '\nAll goals met.' : `\nMissed:\n  ${missed.join('\n  ')}`);
process.exit(missed.length === 0 ? 0 : 1);
