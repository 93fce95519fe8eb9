// `npm run bench:list [-- --clients 100000] [--dialect sqlite|postgres] [--runs 200]`: seeds a
// fresh SQLite file and a fresh PostgreSQL schema (BENCH_DATABASE_URL, else TEST_DATABASE_URL;
// skipped without either) with many clients (seed-clients.ts: eight stages, an admin and five
// managers), then times in process the list view's pages (issue 30: a page sorted by a form
// field, filtered by stage and manager, p95 under 20 ms) and the board's column totals (under
// 5 ms); prints wall and CPU p50/p95 (goals are judged on CPU time) and every query's plan; then
// times a bulk move of 10 000 clients, from the request to its last batch, with their history
// entries and stays written (under 10 s).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { clientBulkEndpoints, clientListEndpoints, pathOf } from '@crm/contract';
import { buildApp } from '../apps/server/src/app.js';
import { bulkJob, bulkWorkersDone } from '../apps/server/src/clients/bulk/bulk.job.js';
import { migrateToLatest, type Db, type Dialect } from '../apps/server/src/db/database.js';
import { collectMigrations } from '../apps/server/src/db/migrations/index.js';
import { features } from '../apps/server/src/features.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import {
  backendCpu,
  backendPidOf,
  benchDeps,
  captureQueries,
  openBenchDatabase,
  planOf,
  seededBenchOptions,
  timeRequest,
  type TimedRequest,
} from './in-process.js';
import { seedClients, type SeededProject } from './seed-clients.js';
import { totalsJob } from '../apps/server/src/clients/list/totals.job.js';

const { values: args } = parseArgs({
  options: { clients: { type: 'string', default: '100000' }, ...seededBenchOptions },
});
const CLIENTS = Number(args.clients);
const RUNS = Number(args.runs);
const WARMUP = 20;
const GOALS = { list: 20, totals: 5 } as const;
type Scenario = TimedRequest & { kind: keyof typeof GOALS };

const query = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function scenarios(app: Awaited<ReturnType<typeof buildApp>>, s: SeededProject, cityId: number) {
  const { projectId } = s;
  const list = (q: Record<string, string | number>) =>
    `/api/v1${pathOf(clientListEndpoints.list, { projectId })}?${query(q)}`;
  const totals = (q: Record<string, string | number>) =>
    `/api/v1${pathOf(clientListEndpoints.columnTotals, { projectId })}?${query(q)}`;
  const stage = s.categoryIds[3]!;
  const byCity = { sort: `field:${cityId}`, direction: 'asc' };
  const filtered = { category_id: stage, manager_id: s.manager.id };
  // The second page starts from the first one's cursor.
  const first = await app.inject({
    method: 'GET',
    url: list({ ...filtered, ...byCity }),
    headers: { authorization: `Bearer ${s.admin.token}` },
  });
  const cursor = (first.json() as { response: { next_cursor: string } }).response.next_cursor;
  const list1: Scenario[] = [
    {
      name: 'list by a text field, stage + manager',
      kind: 'list',
      url: list({ ...filtered, ...byCity }),
      token: s.admin.token,
    },
    {
      name: 'list by a text field, stage + manager, page 2',
      kind: 'list',
      url: list({ ...filtered, ...byCity, cursor }),
      token: s.admin.token,
    },
    {
      name: 'list by a select, stage + manager, desc',
      kind: 'list',
      url: list({ ...filtered, sort: `field:${s.select.id}`, direction: 'desc' }),
      token: s.admin.token,
    },
    {
      name: 'list by a text field, a manager, stage',
      kind: 'list',
      url: list({ category_id: stage, ...byCity }),
      token: s.manager.token,
    },
    { name: 'list, everyone, newest first', kind: 'list', url: list({}), token: s.admin.token },
    {
      name: 'list, everyone, by amount',
      kind: 'list',
      url: list({ sort: 'amount', direction: 'desc' }),
      token: s.admin.token,
    },
    {
      name: 'list, a manager, by name',
      kind: 'list',
      url: list({ sort: 'name', direction: 'asc' }),
      token: s.manager.token,
    },
    {
      name: 'list «ндр», by a text field',
      kind: 'list',
      url: list({ search: 'ндр', ...byCity }),
      token: s.admin.token,
    },
    { name: 'column totals, everyone', kind: 'totals', url: totals({}), token: s.admin.token },
    {
      name: 'column totals, one manager (admin filter)',
      kind: 'totals',
      url: totals({ manager_id: s.manager.id }),
      token: s.admin.token,
    },
    { name: 'column totals, a manager', kind: 'totals', url: totals({}), token: s.manager.token },
    {
      name: 'column totals, a month of days',
      kind: 'totals',
      url: totals({ from: '2025-06-01', to: '2025-06-30' }),
      token: s.admin.token,
    },
  ];
  return list1;
}

async function run(dialect: Dialect) {
  const database = await openBenchDatabase(dialect, args.keep);
  if (!database) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const { handle } = database;
  try {
    console.log(`\n=== ${dialect}: ${CLIENTS.toLocaleString('ru-RU')} clients ===`);
    await migrateToLatest(handle.db, collectMigrations(features), database.schema);
    const deps = await benchDeps(handle);
    const app = await buildApp(deps, features);
    await app.ready();
    const seeded = await seedClients({ app, db: handle.db, clock: systemClock }, CLIENTS, console.log);
    // As the scheduler does every few seconds: the seeded clients folded into the column totals.
    await totalsJob.run(deps, systemClock.now());
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db);
    const city = await handle.db
      .selectFrom('client_form_fields')
      .select('id')
      .where('project_id', '=', seeded.projectId)
      .where('type', '=', 'text')
      .executeTakeFirstOrThrow();
    const list = await scenarios(app, seeded, city.id);
    console.log(
      `\nLoad average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${RUNS} runs each after ${WARMUP} warm-up runs`,
    );
    const backendPid = () => backendPidOf(handle);
    const head = ['found', 'wall p50', 'wall p95', 'CPU p50', 'CPU p95'].map((h) => h.padStart(9)).join(' ');
    console.log(`\n${'scenario (ms)'.padEnd(50)} ${head}  goal (CPU p95)`);
    const missed: string[] = [];
    for (const scenario of list) {
      const { wall, cpu, total } = await timeRequest(app, scenario, backendPid, {
        runs: RUNS,
        warmup: WARMUP,
      });
      const goal = GOALS[scenario.kind];
      const ok = cpu.p95 < goal;
      if (!ok) missed.push(`${scenario.name}: CPU p95 ${cpu.p95.toFixed(2)} ms, goal < ${goal} ms`);
      const figures = [wall.p50, wall.p95, cpu.p50, cpu.p95].map((n) => n.toFixed(2).padStart(9)).join(' ');
      console.log(
        `${scenario.name.padEnd(50)} ${String(total ?? '—').padStart(9)} ${figures}  < ${goal} ${ok ? 'ok' : 'MISSED'}`,
      );
    }
    missed.push(...(await timeBulkMove(app, handle.db, seeded)));
    await app.close();
    console.log('\nQuery plans:');
    const relevant = (q: { sql: string }) => /from "?clients"?|client_field_values/.test(q.sql);
    for (const [name, queries] of await captureQueries(database, list, relevant)) {
      console.log(`\n-- ${name}`);
      for (const q of queries) {
        console.log(`   ${q.sql.replace(/\s+/g, ' ').slice(0, 300)}`);
        for (const line of await planOf(handle.db, dialect, q)) console.log(`     ${line}`);
      }
    }
    console.log(
      missed.length === 0 ? '\nEvery CPU p95 within its goal.' : `\nGoals missed:\n  ${missed.join('\n  ')}`,
    );
  } finally {
    await handle.close();
    await database.cleanup();
  }
}

/** A bulk move of 10 000 clients of one stage into another: the request, then every batch. */
async function timeBulkMove(app: Awaited<ReturnType<typeof buildApp>>, db: Db, s: SeededProject) {
  const [from, to] = [s.categoryIds[1]!, s.categoryIds[2]!];
  const ids = (
    await db
      .selectFrom('clients')
      .select('id')
      .where('category_id', '=', from)
      .orderBy('id')
      .limit(10_000)
      .execute()
  ).map((r) => r.id);
  const historyBefore = await countRows(db, 'history_events');
  const began = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const backendBefore = backendCpu(await backendPidOf({ db, dialect: app.deps.dialect }));
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1${pathOf(clientBulkEndpoints.start, { projectId: s.projectId })}`,
    headers: { authorization: `Bearer ${s.admin.token}` },
    payload: { action: 'move', category_id: to, ids },
  });
  if (res.statusCode !== 200) throw new Error(`bulk move: ${res.statusCode} ${res.body}`);
  const accepted = Number(process.hrtime.bigint() - began) / 1e6;
  await bulkJob.run(app.deps, app.deps.clock.now());
  await bulkWorkersDone();
  const seconds = Number(process.hrtime.bigint() - began) / 1e9;
  const used = process.cpuUsage(cpuBefore);
  const backendPid = await backendPidOf({ db, dialect: app.deps.dialect });
  const cpu = (used.user + used.system) / 1e6 + Number(backendCpu(backendPid) - backendBefore) / 1e9;
  const moved = await db
    .selectFrom('clients')
    .select(sql<number>`count(*)`.as('n'))
    .where('id', 'in', ids.slice(0, 1000))
    .where('category_id', '=', to)
    .executeTakeFirstOrThrow();
  const history = (await countRows(db, 'history_events')) - historyBefore;
  const stays = await db
    .selectFrom('client_stage_stays')
    .select(sql<number>`count(*)`.as('n'))
    .where('category_id', '=', to)
    .where('client_id', 'in', ids.slice(0, 1000))
    .executeTakeFirstOrThrow();
  console.log(
    `\nbulk move of ${ids.length.toLocaleString('ru-RU')} clients: accepted in ${accepted.toFixed(0)} ms, done in ${seconds.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU (goal < 10 s); ` +
      `${history} history entries; of the first 1000, ${Number(moved.n)} moved and ${Number(stays.n)} stays opened`,
  );
  return cpu < 10 ? [] : [`bulk move of 10 000 clients: CPU ${cpu.toFixed(2)} s, goal < 10 s`];
}

const countRows = async (db: Db, table: 'history_events') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const dialects: Dialect[] = args.dialect ? [args.dialect as Dialect] : ['sqlite', 'postgres'];
for (const dialect of dialects) await run(dialect);
