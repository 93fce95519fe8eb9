// `npm run bench:files [-- --clients 100000] [--dialect sqlite|postgres]`: seeds a fresh SQLite
// file and a fresh PostgreSQL schema (BENCH_DATABASE_URL, else TEST_DATABASE_URL; skipped without
// either) with many clients, serves the app on a local port, and downloads the export as XLSX and
// as CSV over HTTP, as a browser does: time to the first byte, to the last, the file's size, and
// how far the process's memory grew meanwhile (issue 29: 100 000 clients with fields, first byte
// under 1 s, the whole file under 10 s, memory flat).
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { clientsEndpoints, pathOf, type FileFormat } from '@crm/contract';
import { buildApp } from '../apps/server/src/app.js';
import { migrateToLatest, type Dialect } from '../apps/server/src/db/database.js';
import { collectMigrations } from '../apps/server/src/db/migrations/index.js';
import { features } from '../apps/server/src/features.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { benchDeps, openBenchDatabase, seededBenchOptions } from './in-process.js';
import { seedClients } from './seed-clients.js';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '100000' },
    ...seededBenchOptions,
  },
});
const CLIENTS = Number(args.clients);
const GOALS = { firstByte: 1000, whole: 10_000 };

/** The process's resident memory, sampled every 50 ms while `work` runs: its growth over the start. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - start) / 1e6 };
  } finally {
    clearInterval(timer);
  }
}

async function download(url: string, token: string) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let firstByte = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    if (bytes === 0) firstByte = performance.now() - started;
    bytes += (chunk as Uint8Array).byteLength;
  }
  return { firstByte, whole: performance.now() - started, bytes };
}

async function run(dialect: Dialect) {
  const database = await openBenchDatabase(dialect, args.keep);
  if (!database) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return [];
  }
  const { handle, schema } = database;
  const missed: string[] = [];
  try {
    console.log(`\n=== ${dialect}: ${CLIENTS.toLocaleString('ru-RU')} clients ===`);
    await migrateToLatest(handle.db, collectMigrations(features), schema);
    const app = await buildApp(await benchDeps(handle), features);
    const seeded = await seedClients({ app, db: handle.db, clock: systemClock }, CLIENTS, console.log);
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `${address}/api/v1${pathOf(clientsEndpoints.export, { projectId: seeded.projectId })}`;
    console.log(
      `\n${'export (ms, MB)'.padEnd(34)} ${['first byte', 'whole', 'size MB', 'RSS +MB'].map((h) => h.padStart(10)).join(' ')}`,
    );
    const cases: [string, FileFormat, string][] = [
      ['every client, XLSX', 'xlsx', ''],
      ['every client, CSV', 'csv', ''],
      ['by name, XLSX', 'xlsx', '&order=name&direction=asc'],
      ["a manager's own, CSV", 'csv', ''],
    ];
    for (const [name, format, extra] of cases) {
      const token = name.startsWith('a manager') ? seeded.manager.token : seeded.admin.token;
      const { result, growthMb } = await peakGrowth(() =>
        download(`${base}?format=${format}${extra}`, token),
      );
      const ok = result.firstByte < GOALS.firstByte && result.whole < GOALS.whole;
      if (!ok)
        missed.push(
          `${dialect} ${name}: first byte ${result.firstByte.toFixed(0)} ms, whole ${result.whole.toFixed(0)} ms`,
        );
      console.log(
        `${name.padEnd(34)} ${[
          result.firstByte.toFixed(0),
          result.whole.toFixed(0),
          (result.bytes / 1e6).toFixed(1),
          growthMb.toFixed(0),
        ]
          .map((v) => v.padStart(10))
          .join(' ')}  ${ok ? 'ok' : 'MISSED'}`,
      );
    }
    await app.close();
  } finally {
    await handle.close();
    await database.cleanup();
  }
  return missed;
}

const dialects: Dialect[] = args.dialect ? [args.dialect as Dialect] : ['sqlite', 'postgres'];
const missed: string[] = [];
for (const dialect of dialects) missed.push(...(await run(dialect)));
console.log(
  missed.length === 0
    ? `\nEvery export within its goal (first byte < ${GOALS.firstByte} ms, whole < ${GOALS.whole} ms).`
    : `\nMissed:\n${missed.map((m) => `  ${m}`).join('\n')}`,
);
