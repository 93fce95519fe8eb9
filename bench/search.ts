// `npm run bench:search [-- --clients 1000000] [--dialect sqlite|postgres] [--runs 200]`:
// seeds a fresh SQLite file and a fresh PostgreSQL schema (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL; skipped without either) with many clients, then times the search, a board
// column page and one client in process (app.inject: routing, access, validation, SQL,
// serialisation) and the duplicate check on create (issue 29: under 5 ms at 1 000 000 clients),
// prints wall and CPU p50/p95 (goals are judged on CPU time, which a busy
// machine does not inflate) and every query's plan, and flags any plan that reads every client.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { clientsEndpoints, pathOf } from '@crm/contract';
import { buildApp } from '../apps/server/src/app.js';
import { migrateToLatest, type Dialect } from '../apps/server/src/db/database.js';
import { collectMigrations } from '../apps/server/src/db/migrations/index.js';
import { features } from '../apps/server/src/features.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import {
  backendPidOf,
  benchDeps,
  captureQueries,
  openBenchDatabase,
  seededBenchOptions,
  planOf,
  timeRequest,
  type TimedRequest,
} from './in-process.js';
import { seedClients, type SeededProject } from './seed-clients.js';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '100000' },
    ...seededBenchOptions,
  },
});
const CLIENTS = Number(args.clients);
const RUNS = Number(args.runs);
const WARMUP = 20;
const GOALS: Record<string, Record<Dialect, number>> = {
  search: { sqlite: 10, postgres: 20 },
  board: { sqlite: 5, postgres: 5 },
  client: { sqlite: 5, postgres: 5 },
  duplicates: { sqlite: 5, postgres: 5 },
  // The 'Дубли' view groups every contact key and name of the project: one pass, not a lookup.
  duplicateGroups: { sqlite: 500, postgres: 500 },
};
type Scenario = TimedRequest & { kind: keyof typeof GOALS };

function scenarios(s: SeededProject): Scenario[] {
  const projectId = s.projectId;
  const search = (query: Record<string, string | number>) =>
    `/api/v1${pathOf(clientsEndpoints.search, { projectId })}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const filters = {
    category_id: s.categoryIds[2]!,
    traffic: '1',
    select_id: s.select.id,
    option_id: s.select.optionIds[1]!,
  };
  const list = (page: number) =>
    `/api/v1${pathOf(clientsEndpoints.list, { projectId })}?category=${s.categoryIds[3]}&page=${page}`;
  const perCategory = Math.ceil(s.clients / s.categoryIds.length);
  const deepPage = Math.max(1, Math.floor(perCategory / 20 / 2));
  const words: [string, string][] = [
    ['3-letter substring «ндр»', 'ндр'],
    ['word prefix «алекс»', 'алекс'],
    ['Cyrillic word «Смирнова»', 'Смирнова'],
    ['two words «мария петрова»', 'мария петрова'],
    ['phone digits «4567»', '4567'],
    ['1–2 letters «ив»', 'ив'],
    ['Latin «smith»', 'smith'],
  ];
  return [
    ...words.flatMap(([name, text]): Scenario[] => [
      { name: `search ${name}`, kind: 'search', url: search({ search: text }), token: s.admin.token },
      {
        name: `search ${name} + category, traffic, option`,
        kind: 'search',
        url: search({ search: text, ...filters }),
        token: s.admin.token,
      },
      {
        name: `search ${name}, a manager's own`,
        kind: 'search',
        url: search({ search: text }),
        token: s.manager.token,
      },
    ]),
    { name: 'search ×, filters only', kind: 'search', url: search(filters), token: s.admin.token },
    {
      name: 'search «ндр» by amount desc',
      kind: 'search',
      url: search({ search: 'ндр', order: 'amount', direction: 'desc' }),
      token: s.admin.token,
    },
    {
      name: 'search «ив» by name asc, page 3',
      kind: 'search',
      url: search({ search: 'ив', order: 'name', direction: 'asc', page: 3 }),
      token: s.admin.token,
    },
    ...[
      [
        'duplicate check, a taken number written otherwise',
        `+${s.phone.taken.slice(0, 1)} ${s.phone.taken.slice(1)}`,
      ],
      ['duplicate check, a free number and a common name', '+7 900 000-00-00'],
    ].map(([name, phone]): Scenario => ({
      name: name!,
      kind: 'duplicates',
      url: `/api/v1${pathOf(clientsEndpoints.duplicates, { projectId })}`,
      token: s.admin.token,
      body: { name: 'Мария', last_name: 'Петрова', fields: [{ field_id: s.phone.id, value: phone }] },
    })),
    ...[1, 5].map((page): Scenario => ({
      name: `duplicate groups, page ${page}`,
      kind: 'duplicateGroups',
      url: `/api/v1${pathOf(clientsEndpoints.duplicateGroups, { projectId })}?page=${page}`,
      token: s.admin.token,
    })),
    { name: 'board column, page 1', kind: 'board', url: list(1), token: s.admin.token },
    { name: `board column, page ${deepPage}`, kind: 'board', url: list(deepPage), token: s.admin.token },
    { name: 'board column, a manager, page 1', kind: 'board', url: list(1), token: s.manager.token },
    {
      name: 'one client with its fields',
      kind: 'client',
      url: `/api/v1${pathOf(clientsEndpoints.get, { projectId, id: Math.floor(s.clients / 2) })}`,
      token: s.admin.token,
    },
  ];
}

/**
 * Whether a plan reads the whole clients table, or every client of the project (the bench has
 * one project, so an index bounded by project_id alone reads them all): 'scan'. SQLite's plan
 * has no counts: a project_id-only index under ORDER BY … LIMIT is a 'walk' that stops at the
 * page's end (the search walks only when matches are many). PostgreSQL's (EXPLAIN ANALYZE)
 * says how many rows each scan of clients touched.
 */
function readsEveryClient(dialect: Dialect, plan: string[], clients: number): 'scan' | 'walk' | null {
  if (dialect === 'sqlite') {
    const lines = plan.map((line) => line.trim());
    if (lines.some((line) => /^SCAN (c|clients)\b/.test(line))) return 'scan';
    const walk = /^SEARCH (c|clients) USING (COVERING )?INDEX \w+ \(project_id=\?\)$/;
    return lines.some((line) => walk.test(line)) ? 'walk' : null;
  }
  let touched = 0;
  let inClients = false;
  for (const line of plan) {
    const scan = line.match(/(Scan|Scan Backward) (using \w+ )?on clients( c\w*)? .*rows=(\d+) loops=(\d+)/);
    if (scan) {
      inClients = true;
      touched = Math.max(touched, Number(scan[4]) * Number(scan[5]));
      if (/Seq Scan/.test(line)) return 'scan';
      continue;
    }
    if (/->/.test(line)) inClients = false;
    const removed = line.match(/Rows Removed by (Filter|Index Recheck): (\d+)/);
    if (inClients && removed) touched += Number(removed[2]);
    if (touched >= clients / 2) return 'scan';
  }
  return null;
}

async function run(dialect: Dialect) {
  const database = await openBenchDatabase(dialect, args.keep);
  if (!database) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  const { handle, schema } = database;
  try {
    console.log(`\n=== ${dialect}: ${CLIENTS.toLocaleString('ru-RU')} clients ===`);
    await migrateToLatest(handle.db, collectMigrations(features), schema);
    const app = await buildApp(await benchDeps(handle), features);
    await app.ready();
    const seeded = await seedClients({ app, db: handle.db, clock: systemClock }, CLIENTS, console.log);
    // Fresh statistics (and PostgreSQL's visibility map, for index-only scans), as autovacuum or
    // `PRAGMA optimize` would leave them.
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db);
    const list = scenarios(seeded);
    // Other work on the machine shows in the tail of the timings: say how busy it was.
    console.log(
      `\nLoad average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${RUNS} runs each after ${WARMUP} warm-up runs`,
    );

    // One connection on PostgreSQL: its backend is the one whose CPU time is read.
    const backendPid = () => backendPidOf(handle);
    const head = ['found', 'wall p50', 'wall p95', 'CPU p50', 'CPU p95'].map((h) => h.padStart(9)).join(' ');
    console.log(`\n${'scenario (ms)'.padEnd(58)} ${head}  goal (CPU p95)`);
    const missed: string[] = [];
    for (const scenario of list) {
      const { wall, cpu, total } = await timeRequest(app, scenario, backendPid, {
        runs: RUNS,
        warmup: WARMUP,
      });
      const goal = GOALS[scenario.kind]![dialect];
      const ok = cpu.p95 < goal;
      if (!ok) missed.push(`${scenario.name}: CPU p95 ${cpu.p95.toFixed(2)} ms, goal < ${goal} ms`);
      const figures = [wall.p50, wall.p95, cpu.p50, cpu.p95].map((n) => n.toFixed(2).padStart(9)).join(' ');
      console.log(
        `${scenario.name.padEnd(58)} ${String(total ?? 1).padStart(9)} ${figures}  < ${goal} ${ok ? 'ok' : 'MISSED'}`,
      );
    }
    await app.close();

    console.log('\nQuery plans:');
    const scans: string[] = [];
    const walks: string[] = [];
    // The guard's reads (session, membership) are by primary key; the feature's touch clients.
    const relevant = (q: { sql: string }) => /clients|client_field_values|client_contacts/.test(q.sql);
    for (const [name, queries] of await captureQueries(database, list, relevant)) {
      console.log(`\n-- ${name}`);
      for (const query of queries) {
        console.log(`   ${query.sql.replace(/\s+/g, ' ')}`);
        const plan = await planOf(handle.db, dialect, query);
        for (const line of plan) console.log(`     ${line}`);
        const reads = readsEveryClient(dialect, plan, CLIENTS);
        if (reads) (reads === 'scan' ? scans : walks).push(`${name}: ${query.sql.slice(0, 90)}…`);
      }
    }
    console.log(
      scans.length === 0
        ? '\nNo plan reads the whole clients table.'
        : `\nWHOLE-TABLE SCANS:\n  ${scans.join('\n  ')}`,
    );
    if (walks.length > 0)
      console.log(`Walks of the order's index, to the page's end:\n  ${walks.join('\n  ')}`);
    console.log(
      missed.length === 0 ? 'Every CPU p95 within its goal.' : `Goals missed:\n  ${missed.join('\n  ')}`,
    );
  } finally {
    await handle.close();
    await database.cleanup();
  }
}

const dialects: Dialect[] = args.dialect ? [args.dialect as Dialect] : ['sqlite', 'postgres'];
for (const dialect of dialects) await run(dialect);
