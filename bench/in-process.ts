// What the seeded large-data benchmarks (search.ts, knowledge.ts) share: a fresh database of
// either dialect, the app's dependencies, timing one request in process by wall and CPU time,
// catching the SQL a request runs and asking the database for its plan.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseHandle, type Db, type Dialect } from '../apps/server/src/db/database.js';
import type { Database } from '../apps/server/src/db/schema.js';
import type { AppDeps } from '../apps/server/src/deps.js';
import { createEventBus } from '../apps/server/src/events/event-bus.js';
import { features } from '../apps/server/src/features.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { createLanguageModel } from '../apps/server/src/llm/language-model.js';
import { createFileStore } from '../apps/server/src/storage/file-store.js';
import { createMailer } from '../apps/server/src/mail/mailer.js';
import { createAccessCache } from '../apps/server/src/identity/access-cache.js';
import { createInProcessPublisher } from '../apps/server/src/realtime/publisher.js';

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** The options every seeded benchmark takes besides its sizes: `--dialect`, `--runs`, `--keep`. */
export const seededBenchOptions = {
  dialect: { type: 'string' },
  runs: { type: 'string', default: '200' },
  /** Leaves the seeded database (SQLite file, PostgreSQL schema) for a closer look. */
  keep: { type: 'boolean', default: false },
} as const;

/** One GET timed as a person with this token. */
/** A GET, or a POST of `body` (a check that only reads, such as the duplicate check). */
export type TimedRequest = { name: string; url: string; token: string; body?: unknown };

const injected = (request: TimedRequest) => ({
  method: request.body === undefined ? ('GET' as const) : ('POST' as const),
  url: request.url,
  headers: { authorization: `Bearer ${request.token}` },
  ...(request.body === undefined ? {} : { payload: request.body as object }),
});

export async function benchDeps(handle: { db: Db; dialect: Dialect }): Promise<AppDeps> {
  const config = {
    ...loadConfig({ SEED_DEMO: '0', APP_URL: 'http://localhost:5173' }),
    passwordHashLogN: 10,
  };
  const publisher = createInProcessPublisher();
  return {
    db: handle.db,
    dialect: handle.dialect,
    config,
    log: silentLog,
    clock: systemClock,
    mailer: createMailer(config, { log: silentLog, clock: systemClock }),
    publisher,
    access: await createAccessCache(publisher),
    languageModel: createLanguageModel(config),
    files: createFileStore(config),
    events: createEventBus(features),
  };
}

/** A fresh database to seed: a SQLite file, or a PostgreSQL schema of its own. */
export type BenchDatabase = {
  handle: DatabaseHandle;
  schema: string | undefined;
  /** A second connection to the same data that hands every query it runs to `log`. */
  connect: (log: (q: CompiledQuery) => void) => Kysely<Database>;
  /** Removes the file or the schema (unless kept). */
  cleanup: () => Promise<void>;
};

/**
 * SQLite in a temporary file; PostgreSQL in a new schema of BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL (null without either).
 */
export async function openBenchDatabase(dialect: Dialect, keep: boolean): Promise<BenchDatabase | null> {
  const logTo = (log: (q: CompiledQuery) => void) => (event: { level: string; query: CompiledQuery }) => {
    if (event.level === 'query') log(event.query);
  };
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'crm-bench-'));
    const file = join(dir, 'bench.sqlite');
    return {
      handle: openDatabase(`sqlite:${file}`),
      schema: undefined,
      cleanup: async () =>
        keep ? console.log(`Kept ${file}`) : rmSync(dir, { recursive: true, force: true }),
      connect: (log) =>
        new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }), log: logTo(log) }),
    };
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const options = `-c search_path=${schema}`;
  return {
    handle: openDatabase(url, { schema, poolSize: 1 }),
    schema,
    cleanup: async () => {
      if (keep) console.log(`Kept schema ${schema}`);
      else await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
    connect: (log) =>
      new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, options, max: 2 }) }),
        log: logTo(log),
      }),
  };
}

/** The PostgreSQL backend of a one-connection pool (whose CPU time is read); null on SQLite. */
export const backendPidOf = async (handle: { db: Db; dialect: Dialect }) =>
  handle.dialect === 'postgres'
    ? (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]!.pid
    : null;

/** CPU time (ns) a PostgreSQL backend has run, from the kernel's scheduler statistics. */
export function backendCpu(pid: number | null) {
  if (pid === null) return 0n;
  return BigInt(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0] ?? '0');
}

/**
 * Wall time of each request, and its CPU time: this process's (the server, and SQLite in it)
 * plus the PostgreSQL backend's. On a busy machine the wall time mostly measures waiting for a
 * core; the CPU time is the work a request costs, what an idle machine would take.
 */
export async function timeRequest(
  app: App,
  request: TimedRequest,
  backendPid: () => Promise<number | null>,
  counts: { runs: number; warmup: number },
) {
  const inject = injected(request);
  const first = await app.inject(inject);
  if (first.statusCode !== 200) throw new Error(`${request.name}: ${first.statusCode} ${first.body}`);
  const answer = (first.json() as { response: { total?: number } | unknown[] }).response;
  const total = Array.isArray(answer) ? answer.length : answer.total;
  for (let i = 0; i < counts.warmup; i += 1) await app.inject(inject);
  const pid = await backendPid();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < counts.runs; i += 1) {
    const cpuBefore = process.cpuUsage();
    const backendBefore = backendCpu(pid);
    const begin = process.hrtime.bigint();
    await app.inject(inject);
    wall.push(Number(process.hrtime.bigint() - begin) / 1e6);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1e3 + Number(backendCpu(pid) - backendBefore) / 1e6);
  }
  const at = (list: number[], q: number) =>
    [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]!;
  return {
    wall: { p50: at(wall, 0.5), p95: at(wall, 0.95) },
    cpu: { p50: at(cpu, 0.5), p95: at(cpu, 0.95) },
    total,
  };
}

/**
 * The SQL each request runs, caught by a second app on a logging connection to the same data;
 * only the queries `relevant` keeps (the guard's reads by primary key are left out).
 */
export async function captureQueries(
  database: BenchDatabase,
  list: TimedRequest[],
  relevant: (q: CompiledQuery) => boolean,
) {
  let caught: CompiledQuery[] = [];
  const db = database.connect((q) => caught.push(q));
  const app = await buildApp(await benchDeps({ db, dialect: database.handle.dialect }), features);
  await app.ready();
  const byRequest = new Map<string, CompiledQuery[]>();
  for (const request of list) {
    caught = [];
    await app.inject(injected(request));
    byRequest.set(request.name, caught.filter(relevant));
  }
  await app.close();
  await db.destroy();
  return byRequest;
}

/** The plan of a query: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN ANALYZE (with row counts). */
export async function planOf(db: Db, dialect: Dialect, query: CompiledQuery) {
  const explain =
    dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, costs off, timing on, summary off) ';
  const result = await db.executeQuery<Record<string, unknown>>({ ...query, sql: explain + query.sql });
  return dialect === 'sqlite'
    ? result.rows.map((r) => `${String(r.detail)}`)
    : result.rows.map((r) => String(r['QUERY PLAN']));
}

/** GET /user every 20 ms while `work` runs: the latencies a person clicking meanwhile would see. */
export async function whileMeasuring<T>(base: string, token: string, work: () => Promise<T>) {
  const latencies: number[] = [];
  /** When each probe started (epoch ms), to tell the phases of `work` apart. */
  const startedAt: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      startedAt.push(performance.timeOrigin + started);
      await (
        await fetch(`${base}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } })
      ).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  global.gc?.();
  const rss = process.memoryUsage().rss;
  let peak = rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const result = await work();
    return { result, growthMb: (peak - rss) / 1e6, latencies, startedAt };
  } finally {
    running = false;
    clearInterval(sampler);
    await probe;
  }
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

