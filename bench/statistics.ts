// `npm run bench:statistics [-- --clients 100000] [--reminders 1000000] [--history 1000000] [--dialect sqlite|postgres] [--runs 50] [--keep]`:
// seeds a fresh SQLite file and a fresh PostgreSQL schema (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL; skipped without either) with the reminders benchmark's project (clients
// over two years and a hundred managers, ten reminders a client), every client's way through the
// stages, and a million history entries; then times the statistics page's one request (every
// figure of the period) and pages of the history in process (app.inject: routing, access,
// validation, SQL, serialisation) by wall and CPU time, and prints every query's plan.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql, type Insertable } from 'kysely';
import { historyEndpoints, pathOf, statisticsEndpoints, addDays, dayOf } from '@crm/contract';
import { buildApp } from '../apps/server/src/app.js';
import { migrateToLatest, type Db, type Dialect } from '../apps/server/src/db/database.js';
import { collectMigrations } from '../apps/server/src/db/migrations/index.js';
import { features } from '../apps/server/src/features.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import type { ClientStageStaysTable } from '../apps/server/src/statistics/statistics.tables.js';
import {
  backendPidOf,
  benchDeps,
  captureQueries,
  openBenchDatabase,
  planOf,
  seededBenchOptions,
  timeRequest,
  type TimedRequest,
} from './in-process.js';
import { seedRemindersProject, type Seeded } from './seed-reminders.js';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '100000' },
    reminders: { type: 'string', default: '1000000' },
    history: { type: 'string', default: '1000000' },
    ...seededBenchOptions,
    runs: { type: 'string', default: '50' },
  },
});
const CLIENTS = Number(args.clients);
const REMINDERS = Number(args.reminders);
const HISTORY = Number(args.history);
const RUNS = Number(args.runs);
const WARMUP = 10;
const STATISTICS_GOAL_MS = 100;
const HISTORY_GOAL_MS = 10;
const DAY = 86_400_000;
const BATCH = 500;

/** A fixed sequence, so every run seeds the same data. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Each client walked the stages in order from the first to the one he is in now, a share of the
 * time since his arrival (at most 60 days) in each: about four stays a client. Three clients in
 * ten then ended the pipeline, one in 'Успех' for two in 'Отказ' (a reason of the list, or an own
 * text for one in five), so the won-and-lost figures have their share of rows to read.
 */
async function seedStays(db: Db, s: Seeded, log: (line: string) => void) {
  const clients = await db
    .selectFrom('clients')
    .select(['id', 'manager_id', 'category_id', 'created_at'])
    .where('project_id', '=', s.projectId)
    .orderBy('id')
    .execute();
  const now = Date.now();
  const next = random(11);
  const outcomes = await db
    .selectFrom('client_categories')
    .select(['id', 'outcome'])
    .where('project_id', '=', s.projectId)
    .where('outcome', 'is not', null)
    .execute();
  const won = outcomes.find((c) => c.outcome === 'won')!.id;
  const lost = outcomes.find((c) => c.outcome === 'lost')!.id;
  const reasons = await db
    .selectFrom('loss_reasons')
    .select(['id', 'name'])
    .where('project_id', '=', s.projectId)
    .execute();
  const closed = new Map<number, number[]>([
    [won, []],
    [lost, []],
  ]);
  let rows: Insertable<ClientStageStaysTable>[] = [];
  let total = 0;
  const flush = async () => {
    for (let i = 0; i < rows.length; i += BATCH)
      await db
        .insertInto('client_stage_stays')
        .values(rows.slice(i, i + BATCH))
        .execute();
    total += rows.length;
    rows = [];
  };
  await db.deleteFrom('client_stage_stays').where('project_id', '=', s.projectId).execute();
  for (const client of clients) {
    const path = s.categoryIds.slice(0, s.categoryIds.indexOf(client.category_id) + 1);
    const start = Date.parse(client.created_at);
    const span = Math.min(now - start, 60 * DAY);
    const cuts = path.map(() => next()).sort();
    let at = start;
    const closing = next() < 0.3 ? (next() < 1 / 3 ? won : lost) : null;
    const closedAt = start + Math.round(span * 0.95);
    path.forEach((categoryId, i) => {
      const last = i === path.length - 1;
      const leftAt = last ? (closing === null ? null : closedAt) : start + Math.round(span * cuts[i]!);
      rows.push({
        project_id: s.projectId,
        client_id: client.id,
        manager_id: client.manager_id,
        category_id: categoryId,
        first_entry: 1,
        entered_at: new Date(at).toISOString(),
        left_at: leftAt === null ? null : new Date(leftAt).toISOString(),
        seconds: leftAt === null ? null : Math.round((leftAt - at) / 1000),
      });
      if (leftAt !== null) at = leftAt;
    });
    if (closing !== null) {
      const own = reasons.length === 0 || next() < 0.2;
      const reason = own ? null : reasons[Math.floor(next() * reasons.length)]!;
      rows.push({
        project_id: s.projectId,
        client_id: client.id,
        manager_id: client.manager_id,
        category_id: closing,
        first_entry: 1,
        entered_at: new Date(closedAt).toISOString(),
        left_at: null,
        seconds: null,
        ...(closing === lost
          ? { loss_reason_id: reason?.id ?? null, loss_reason: reason?.name ?? 'Переехал в другой город' }
          : {}),
        seconds_from_start: Math.round((closedAt - start) / 1000),
      });
      closed.get(closing)!.push(client.id);
    }
    if (rows.length >= 10_000) await flush();
  }
  await flush();
  for (const [categoryId, ids] of closed)
    for (let i = 0; i < ids.length; i += BATCH)
      await db
        .updateTable('clients')
        .set({ category_id: categoryId })
        .where('id', 'in', ids.slice(i, i + BATCH))
        .execute();
  log(
    `  ${total.toLocaleString('ru-RU')} stays in stages; ${closed.get(won)!.length.toLocaleString('ru-RU')} clients won, ${closed.get(lost)!.length.toLocaleString('ru-RU')} lost`,
  );
}

/** A million entries over two years, in time order as the server writes them. */
async function seedHistory(db: Db, s: Seeded, log: (line: string) => void) {
  const clients = await db
    .selectFrom('clients')
    .select(['id', 'manager_id'])
    .where('project_id', '=', s.projectId)
    .orderBy('id')
    .execute();
  const kinds = [
    ['client.updated', 'client', 'изменил(а) клиента'],
    ['client_category_changed', 'client', 'перевёл(а) клиента в другую категорию'],
    ['client_reminder.created', 'client_reminder', 'создал(а) напоминание'],
    ['client_reminder.completed', 'client_reminder', 'выполнил(а) напоминание'],
    ['client_note.created', 'client_note', 'добавил(а) заметку'],
  ] as const;
  const next = random(13);
  const start = Date.now() - 730 * DAY;
  const step = (730 * DAY) / HISTORY;
  const started = Date.now();
  for (let done = 0; done < HISTORY; done += BATCH * 20) {
    await db.transaction().execute(async (trx) => {
      for (let from = done; from < Math.min(HISTORY, done + BATCH * 20); from += BATCH) {
        const values = Array.from({ length: Math.min(BATCH, HISTORY - from) }, (_, k) => {
          const client = clients[Math.floor(next() * clients.length)]!;
          const [kind, subjectType, what] = kinds[Math.floor(next() * kinds.length)]!;
          return {
            project_id: s.projectId,
            actor_id: client.manager_id,
            impersonator_id: null,
            kind,
            subject_type: subjectType,
            subject_id: client.id,
            client_id: client.id,
            message: `Менеджер ${what} №${client.id}`,
            before: JSON.stringify({ amount: 1000 }),
            after: JSON.stringify({ amount: 2000 }),
            created_at: new Date(start + (from + k) * step).toISOString(),
          };
        });
        await trx.insertInto('history_events').values(values).execute();
      }
    });
    if ((done + BATCH * 20) % 200_000 === 0 || done + BATCH * 20 >= HISTORY)
      log(
        `  ${Math.min(HISTORY, done + BATCH * 20).toLocaleString('ru-RU')} history entries (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
  }
}

function requests(s: Seeded, tz: string, middle: string): TimedRequest[] {
  const p = { projectId: s.projectId };
  const stats = `/api/v1${pathOf(statisticsEndpoints.get, p)}`;
  const history = `/api/v1${pathOf(historyEndpoints.list, p)}`;
  const today = dayOf(new Date(), tz);
  const month = `${today.slice(0, 8)}01`;
  const quarterMonth = String(Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0');
  const quarter = `${today.slice(0, 5)}${quarterMonth}-01`;
  const year = addDays(today, -364);
  return [
    { name: 'statistics: this month (the team)', url: `${stats}?from=${month}&to=${today}`, token: s.admin },
    {
      name: 'statistics: this quarter (the team)',
      url: `${stats}?from=${quarter}&to=${today}`,
      token: s.admin,
    },
    {
      name: 'statistics: this quarter (one manager)',
      url: `${stats}?from=${quarter}&to=${today}&manager_id=${s.manager.id}`,
      token: s.admin,
    },
    {
      name: 'statistics: this month (a manager)',
      url: `${stats}?from=${month}&to=${today}`,
      token: s.manager.token,
    },
    { name: 'statistics: a year (the team)', url: `${stats}?from=${year}&to=${today}`, token: s.admin },
    { name: 'history: first page (admin)', url: history, token: s.admin },
    { name: 'history: a page in the middle (admin)', url: `${history}?before=${middle}`, token: s.admin },
    {
      name: 'history: reminders only (admin)',
      url: `${history}?subject_type=client_reminder`,
      token: s.admin,
    },
    { name: 'history: one person (admin)', url: `${history}?user_id=${s.manager.id}`, token: s.admin },
    {
      name: 'history: one month, 12 months back (admin)',
      url: `${history}?from=${addDays(today, -365)}&to=${addDays(today, -335)}`,
      token: s.admin,
    },
    { name: 'history: first page (a manager)', url: history, token: s.manager.token },
    {
      name: 'history: a page in the middle (a manager)',
      url: `${history}?before=${middle}`,
      token: s.manager.token,
    },
  ];
}

async function run(dialect: Dialect) {
  const database = await openBenchDatabase(dialect, args.keep);
  if (!database) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const { handle, schema } = database;
  try {
    console.log(
      `\n=== ${dialect}: ${CLIENTS.toLocaleString('ru-RU')} clients, ${REMINDERS.toLocaleString('ru-RU')} reminders, ${HISTORY.toLocaleString('ru-RU')} history entries ===`,
    );
    await migrateToLatest(handle.db, collectMigrations(features), schema);
    const deps = await benchDeps(handle);
    const app = await buildApp(deps, features);
    await app.ready();
    const seeded = await seedRemindersProject(
      { app, db: handle.db, clock: systemClock },
      handle.db,
      console.log,
      {
        clients: CLIENTS,
        reminders: REMINDERS,
        notificationsEach: 0,
      },
    );
    await seedStays(handle.db, seeded, console.log);
    await seedHistory(handle.db, seeded, console.log);
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db);
    const tz = (
      await handle.db
        .selectFrom('projects')
        .select('timezone')
        .where('id', '=', seeded.projectId)
        .executeTakeFirstOrThrow()
    ).timezone;
    const { max } = await handle.db
      .selectFrom('history_events')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    const middle = await handle.db
      .selectFrom('history_events')
      .select(['id', 'created_at'])
      .where('id', '=', Math.floor(Number(max) / 2))
      .executeTakeFirstOrThrow();
    const list = requests(seeded, tz, encodeURIComponent(`${middle.created_at}~${middle.id}`));
    console.log(
      `\nLoad average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${RUNS} runs each after ${WARMUP} warm-up runs`,
    );
    const head = ['wall p50', 'wall p95', 'CPU p50', 'CPU p95'].map((h) => h.padStart(9)).join(' ');
    console.log(`\n${'scenario (ms)'.padEnd(44)} ${head}  goal (CPU p95)`);
    const missed: string[] = [];
    for (const request of list) {
      const { wall, cpu } = await timeRequest(app, request, () => backendPidOf(handle), {
        runs: RUNS,
        warmup: WARMUP,
      });
      const judged = !request.name.includes('a year');
      const goal = request.name.startsWith('statistics') ? STATISTICS_GOAL_MS : HISTORY_GOAL_MS;
      const ok = cpu.p95 < goal;
      if (judged && !ok) missed.push(`${request.name}: CPU p95 ${cpu.p95.toFixed(2)} ms, goal < ${goal} ms`);
      const figures = [wall.p50, wall.p95, cpu.p50, cpu.p95].map((n) => n.toFixed(2).padStart(9)).join(' ');
      console.log(
        `${request.name.padEnd(44)} ${figures}  ${judged ? `< ${goal} ${ok ? 'ok' : 'MISSED'}` : '(for information)'}`,
      );
    }
    await app.close();

    console.log('\nQuery plans:');
    for (const [name, queries] of await captureQueries(database, list, (q) =>
      /client_stage_stays|client_reminders|history_events|from "clients"/.test(q.sql),
    )) {
      console.log(`\n-- ${name}`);
      for (const query of queries) {
        console.log(`   ${query.sql.replace(/\s+/g, ' ').slice(0, 300)}`);
        for (const line of await planOf(handle.db, dialect, query)) console.log(`     ${line}`);
      }
    }
    console.log(missed.length === 0 ? '\nEvery goal met.' : `\nGoals missed:\n  ${missed.join('\n  ')}`);
  } finally {
    await handle.close();
    await database.cleanup();
  }
}

const dialects: Dialect[] = args.dialect ? [args.dialect as Dialect] : ['sqlite', 'postgres'];
for (const dialect of dialects) await run(dialect);
