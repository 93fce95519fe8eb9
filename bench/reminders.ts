// `npm run bench:reminders [-- --clients 100000] [--reminders 1000000] [--dialect sqlite|postgres] [--runs 200] [--keep]`:
// seeds a fresh SQLite file and a fresh PostgreSQL schema (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL; skipped without either) with one project of many clients spread over a
// hundred managers, ten reminders a client over two years (past ones done, canceled or
// expired; coming ones pending) and two thousand notifications a manager; then times the
// calendar's week and month, today's list and the unread count in process (app.inject:
// routing, access, validation, SQL, serialisation) by wall and CPU time (goals are judged on
// CPU time), prints every query's plan, and times one scheduler pass over 10 000 due reminders.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { notificationsEndpoints, pathOf, remindersEndpoints, dayOf } from '@crm/contract';
import { buildApp } from '../apps/server/src/app.js';
import { migrateToLatest, type Db, type Dialect } from '../apps/server/src/db/database.js';
import { collectMigrations } from '../apps/server/src/db/migrations/index.js';
import { features } from '../apps/server/src/features.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { dueRemindersJob } from '../apps/server/src/reminders/index.js';
import {
  backendCpu,
  backendPidOf,
  benchDeps,
  captureQueries,
  openBenchDatabase,
  seededBenchOptions,
  planOf,
  timeRequest,
  type TimedRequest,
} from './in-process.js';
import { seedRemindersProject, type Seeded } from './seed-reminders.js';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '100000' },
    reminders: { type: 'string', default: '1000000' },
    ...seededBenchOptions,
  },
});
const CLIENTS = Number(args.clients);
const REMINDERS = Number(args.reminders);
const RUNS = Number(args.runs);
const WARMUP = 20;
const NOTIFICATIONS_EACH = 2000;
const DUE = 10_000;
const GOAL_MS = 5;
const PASS_GOAL_MS = 1000;

function requests(s: Seeded, tz: string): TimedRequest[] {
  const p = { projectId: s.projectId };
  const calendar = `/api/v1${pathOf(remindersEndpoints.calendar, p)}`;
  const today = dayOf(new Date(), tz);
  const monday = new Date(`${today}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const week = monday.toISOString().slice(0, 10);
  const firstOfMonth = new Date(`${today.slice(0, 8)}01T00:00:00Z`);
  firstOfMonth.setUTCDate(firstOfMonth.getUTCDate() - ((firstOfMonth.getUTCDay() + 6) % 7));
  const month = firstOfMonth.toISOString().slice(0, 10);
  return [
    {
      name: 'calendar week (a manager)',
      url: `${calendar}?start_date=${week}&period=week`,
      token: s.manager.token,
    },
    {
      name: 'calendar month (a manager)',
      url: `${calendar}?start_date=${month}&period=month`,
      token: s.manager.token,
    },
    {
      name: 'today (a manager)',
      url: `/api/v1${pathOf(remindersEndpoints.today, p)}`,
      token: s.manager.token,
    },
    {
      name: 'unread count (a manager)',
      url: `/api/v1${pathOf(notificationsEndpoints.unreadCount)}?project_id=${s.projectId}`,
      token: s.manager.token,
    },
    {
      name: 'notifications list (a manager)',
      url: `/api/v1${pathOf(notificationsEndpoints.list)}?project_id=${s.projectId}`,
      token: s.manager.token,
    },
    {
      name: 'calendar day (the admin: all)',
      url: `${calendar}?start_date=${today}&period=day`,
      token: s.admin,
    },
    {
      name: 'calendar week (the admin: 1000 of all)',
      url: `${calendar}?start_date=${week}&period=week`,
      token: s.admin,
    },
  ];
}

/** Makes DUE reminders due now (half past due, half at their notice) and times one pass. */
async function timePass(
  db: Db,
  deps: Awaited<ReturnType<typeof benchDeps>>,
  projectId: number,
  pid: number | null,
) {
  const now = new Date();
  const ids = (
    await db
      .selectFrom('client_reminders')
      .select('id')
      .where('project_id', '=', projectId)
      .where('status', '=', 'pending')
      .orderBy('completion_date')
      .limit(DUE)
      .execute()
  ).map((r) => r.id);
  const half = ids.length / 2;
  const expire = ids.slice(0, half);
  const notice = ids.slice(half);
  for (let i = 0; i < expire.length; i += 1000) {
    await db
      .updateTable('client_reminders')
      .set({ completion_date: new Date(now.getTime() - 60_000).toISOString() })
      .where('id', 'in', expire.slice(i, i + 1000))
      .execute();
  }
  for (let i = 0; i < notice.length; i += 1000) {
    await db
      .updateTable('client_reminders')
      .set({
        completion_date: new Date(now.getTime() + 10 * 60_000).toISOString(),
        notify_at: new Date(now.getTime() - 60_000).toISOString(),
      })
      .where('id', 'in', notice.slice(i, i + 1000))
      .execute();
  }
  const begin = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const backendBefore = backendCpu(pid);
  const handled = await dueRemindersJob.run(deps, new Date());
  const ms = Number(process.hrtime.bigint() - begin) / 1e6;
  const used = process.cpuUsage(cpuBefore);
  const cpu = (used.user + used.system) / 1e3 + Number(backendCpu(pid) - backendBefore) / 1e6;
  return { handled, ms, cpu };
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
      `\n=== ${dialect}: ${CLIENTS.toLocaleString('ru-RU')} clients, ${REMINDERS.toLocaleString('ru-RU')} reminders ===`,
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
        notificationsEach: NOTIFICATIONS_EACH,
      },
    );
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db);
    const tz = (
      await handle.db
        .selectFrom('projects')
        .select('timezone')
        .where('id', '=', seeded.projectId)
        .executeTakeFirstOrThrow()
    ).timezone;
    const list = requests(seeded, tz);
    console.log(
      `\nLoad average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${RUNS} runs each after ${WARMUP} warm-up runs`,
    );
    const head = ['rows', 'wall p50', 'wall p95', 'CPU p50', 'CPU p95'].map((h) => h.padStart(9)).join(' ');
    console.log(`\n${'scenario (ms)'.padEnd(40)} ${head}  goal (CPU p95)`);
    const missed: string[] = [];
    for (const request of list) {
      const first = await app.inject({
        method: 'GET',
        url: request.url,
        headers: { authorization: `Bearer ${request.token}` },
      });
      const body = first.json() as {
        response: { data?: unknown[]; unread_count?: number; notifications?: unknown[] };
      };
      const rows =
        body.response.data?.length ?? body.response.notifications?.length ?? body.response.unread_count ?? 0;
      const { wall, cpu } = await timeRequest(app, request, () => backendPidOf(handle), {
        runs: RUNS,
        warmup: WARMUP,
      });
      const judged = !request.name.includes('admin') && !request.name.includes('list');
      const ok = cpu.p95 < GOAL_MS;
      if (judged && !ok)
        missed.push(`${request.name}: CPU p95 ${cpu.p95.toFixed(2)} ms, goal < ${GOAL_MS} ms`);
      const figures = [wall.p50, wall.p95, cpu.p50, cpu.p95].map((n) => n.toFixed(2).padStart(9)).join(' ');
      console.log(
        `${request.name.padEnd(40)} ${String(rows).padStart(9)} ${figures}  ${judged ? `< ${GOAL_MS} ${ok ? 'ok' : 'MISSED'}` : '(for information)'}`,
      );
    }
    const pass = await timePass(handle.db, deps, seeded.projectId, await backendPidOf(handle));
    const passOk = pass.cpu < PASS_GOAL_MS;
    if (!passOk) missed.push(`scheduler pass: CPU ${pass.cpu.toFixed(0)} ms, goal < ${PASS_GOAL_MS} ms`);
    console.log(
      `\nOne scheduler pass: ${pass.handled.toLocaleString('ru-RU')} due reminders, wall ${pass.ms.toFixed(0)} ms, CPU ${pass.cpu.toFixed(0)} ms (goal < ${PASS_GOAL_MS} ms CPU) ${passOk ? 'ok' : 'MISSED'}`,
    );
    await app.close();

    console.log('\nQuery plans:');
    for (const [name, queries] of await captureQueries(database, list, (q) =>
      /client_reminders|notifications/.test(q.sql),
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
