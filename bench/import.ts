// `npm run bench:import [-- --rows 100000] [--existing 1000] [--sql-profile] [--dialect sqlite|postgres] [--formats csv,xlsx]`: on a fresh SQLite file and
// a fresh PostgreSQL schema (BENCH_DATABASE_URL, else TEST_DATABASE_URL; skipped without either),
// serves the app on a local port with its scheduler, and imports a CSV (10 columns, Cyrillic,
// Windows-1251) and an XLSX of `rows` new clients through the API as the web does: upload, check,
// run. Prints each step's time, how far the process's memory grew, and GET /user's latency
// (p50/p99) measured all along (issue 29: 100 000 rows check < 15 s, import < 60 s, XLSX < 90 s,
// memory < 200 MB, GET /user p99 < 100 ms).
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { clientImportsEndpoints, pathOf, type ClientImport } from '@crm/contract';
import { buildApp } from '../apps/server/src/app.js';
import { migrateToLatest, type Dialect } from '../apps/server/src/db/database.js';
import { collectMigrations } from '../apps/server/src/db/migrations/index.js';
import { features } from '../apps/server/src/features.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { createScheduler } from '../apps/server/src/jobs/scheduler.js';
import { win1251 } from '../apps/server/src/clients/import/import.fixtures.js';
import { benchDeps, openBenchDatabase, percentile, seededBenchOptions, whileMeasuring } from './in-process.js';
import { seedClients } from './seed-clients.js';
import { printSqlProfile, profileSqlite } from './sql-profile.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    /** Clients the project has before the import (seeded directly): how an import fares in a large project. */
    existing: { type: 'string', default: '1000' },
    /** SQLite: the statements that took the most time, and how their time grew (bench/sql-profile.ts). */
    'sql-profile': { type: 'boolean', default: false },
    /** Which files to import, e.g. `csv` alone at a million rows. */
    formats: { type: 'string', default: 'csv,xlsx' },
    ...seededBenchOptions,
  },
});
const ROWS = Number(args.rows);
const FORMATS = args.formats.split(',') as ('csv' | 'xlsx')[];
const GOALS = { csvCheck: 15_000, csvRun: 60_000, xlsxWhole: 90_000, memoryMb: 200, userP99: 100 };

const NAMES = ['Александр', 'Мария', 'Дмитрий', 'Анна', 'Сергей', 'Елена', 'Иван', 'Ольга'];
const LAST = ['Иванов', 'Смирнова', 'Кузнецов', 'Попова', 'Васильев', 'Петрова', 'Соколов', 'Михайлова'];
const CITIES = ['Москва', 'Санкт-Петербург', 'Новосибирск', 'Екатеринбург', 'Казань'];
const SOURCES = ['Сайт', 'Реклама', 'Рекомендация', 'Выставка'];
const HEADER = [
  'Имя',
  'Фамилия',
  'Телефон',
  'Город',
  'Комментарий',
  'Источник',
  'Категория',
  'Менеджер',
  'Сумма',
  'Траффик',
];

/** Row i: a new client with a number no seeded client has (+7 999 …), spread over the managers. */
const row = (i: number, series: number) => [
  NAMES[i % NAMES.length]!,
  `${LAST[(i * 7) % LAST.length]!}-${i}`,
  `+7 9${series}${String(i).padStart(8, '0')}`,
  CITIES[i % CITIES.length]!,
  `Импортирован из старой CRM, строка ${i}`,
  SOURCES[i % SOURCES.length]!,
  'Новые',
  `Менеджер ${(i % 5) + 1}`,
  String((i % 100) * 1000),
  i % 3 === 0 ? 'Да' : 'Нет',
];

async function run(dialect: Dialect) {
  const database = await openBenchDatabase(dialect, args.keep);
  if (!database) {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return [];
  }
  const { handle, schema } = database;
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-import-'));
  const missed: string[] = [];
  try {
    console.log(`\n=== ${dialect}: ${ROWS.toLocaleString('ru-RU')} rows ===`);
    await migrateToLatest(handle.db, collectMigrations(features), schema);
    const deps = await benchDeps(handle);
    const app = await buildApp(deps, features);
    const seeded = await seedClients(
      { app, db: handle.db, clock: systemClock },
      Number(args.existing),
      () => {},
    );
    const scheduler = createScheduler(
      deps,
      features.flatMap((f) => f.jobs ?? []),
    );
    scheduler.start(200);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const imports = `${base}/api/v1${pathOf(clientImportsEndpoints.list, { projectId: seeded.projectId })}`;
    const auth = { authorization: `Bearer ${seeded.admin.token}` };
    const call = async (path: string, method = 'POST', body?: unknown) => {
      const res = await fetch(`${imports}${path}`, {
        method,
        headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await res.json()) as { response: ClientImport; message?: string };
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
      return json.response;
    };
    const until = async (id: number, statuses: string[]) => {
      for (;;) {
        const imp = await call(`/${id}`, 'GET');
        if (statuses.includes(imp.status)) return imp;
        if (imp.status === 'failed') throw new Error(`import failed: ${imp.problem}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    const csvFile = join(dir, 'clients.csv');
    const csvOut = createWriteStream(csvFile);
    csvOut.write(win1251(HEADER.join(';') + '\r\n'));
    for (let i = 0; i < ROWS; i += 1) csvOut.write(win1251(row(i, 1).join(';') + '\r\n'));
    await new Promise((resolve) => csvOut.end(resolve));
    const xlsxFile = join(dir, 'clients.xlsx');
    if (FORMATS.includes('xlsx')) {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        filename: xlsxFile,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet('Клиенты');
      sheet.addRow(HEADER).commit();
      for (let i = 0; i < ROWS; i += 1) sheet.addRow(row(i, 2)).commit();
      sheet.commit();
      await workbook.commit();
    }

    console.log(
      `CSV ${(statSync(csvFile).size / 1e6).toFixed(1)} MB${FORMATS.includes('xlsx') ? `, XLSX ${(statSync(xlsxFile).size / 1e6).toFixed(1)} MB` : ''}`,
    );
    console.log(
      `\n${'step (ms, MB)'.padEnd(26)} ${['time', 'RSS +MB', '/user p50', '/user p99'].map((h) => h.padStart(10)).join(' ')}`,
    );
    const report = (
      name: string,
      ms: number,
      m: { growthMb: number; latencies: number[] },
      goal?: number,
    ) => {
      const p99 = percentile(m.latencies, 99);
      const ok = (goal === undefined || ms < goal) && m.growthMb < GOALS.memoryMb && p99 < GOALS.userP99;
      if (!ok)
        missed.push(
          `${dialect} ${name}: ${ms.toFixed(0)} ms, +${m.growthMb.toFixed(0)} MB, /user p99 ${p99.toFixed(0)} ms`,
        );
      console.log(
        `${name.padEnd(26)} ${[
          ms.toFixed(0),
          m.growthMb.toFixed(0),
          percentile(m.latencies, 50).toFixed(1),
          p99.toFixed(1),
        ]
          .map((v) => v.padStart(10))
          .join(' ')}  ${goal === undefined ? '' : `< ${goal} `}${ok ? 'ok' : 'MISSED'}`,
      );
    };

    // GET /user's first answers compile its route and serializer: warmed up before anything is timed.
    for (let i = 0; i < 20; i += 1) {
      await (await fetch(`${base}/api/v1/user`, { headers: auth })).arrayBuffer();
    }
    for (const [format, file] of (
      [
        ['csv', csvFile],
        ['xlsx', xlsxFile],
      ] as const
    ).filter(([format]) => FORMATS.includes(format))) {
      const timed = async <T>(work: () => Promise<T>) => {
        const started = performance.now();
        const measured = await whileMeasuring(base, seeded.admin.token, work);
        return { ...measured, ms: performance.now() - started };
      };
      const upload = await timed(async () => {
        const form = new FormData();
        // A blob read from the disk as it is sent: the bench's own copy of a million rows would
        // count as the server's memory (client and server share the process).
        form.append('file', await openAsBlob(file), `clients.${format}`);
        const res = await fetch(imports, { method: 'POST', headers: auth, body: form });
        const json = (await res.json()) as { response: ClientImport; message?: string };
        if (res.status !== 201) throw new Error(`upload: ${res.status} ${json.message}`);
        return json.response;
      });
      report(`${format} upload`, upload.ms, upload);
      const id = upload.result.id;
      const check = await timed(async () => {
        await call(`/${id}/check`);
        return until(id, ['checked']);
      });
      const counts = check.result.checked!;
      if (counts.new !== ROWS)
        throw new Error(
          `check: ${JSON.stringify(counts)} ${JSON.stringify(check.result.errors.slice(0, 3))}`,
        );
      report(`${format} check`, check.ms, check, format === 'csv' ? GOALS.csvCheck : undefined);
      const imported = await timed(async () => {
        await call(`/${id}/run`);
        return until(id, ['done']);
      });
      if (imported.result.done!.new !== ROWS) throw new Error(`run: ${JSON.stringify(imported.result.done)}`);
      report(`${format} import`, imported.ms, imported, format === 'csv' ? GOALS.csvRun : undefined);
      if (format === 'xlsx') {
        const whole = upload.ms + check.ms + imported.ms;
        const ok = whole < GOALS.xlsxWhole;
        if (!ok) missed.push(`${dialect} xlsx upload + check + import: ${whole.toFixed(0)} ms`);
        console.log(
          `${'xlsx upload+check+import'.padEnd(26)} ${whole.toFixed(0).padStart(10)}  < ${GOALS.xlsxWhole} ${ok ? 'ok' : 'MISSED'}`,
        );
      }
    }
    await scheduler.stop();
    await app.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await handle.close();
    await database.cleanup();
  }
  return missed;
}

const dialects: Dialect[] = args.dialect ? [args.dialect as Dialect] : ['sqlite', 'postgres'];
if (args['sql-profile']) profileSqlite();
const missed: string[] = [];
for (const dialect of dialects) missed.push(...(await run(dialect)));
if (args['sql-profile']) printSqlProfile();
console.log(
  missed.length === 0
    ? '\nEvery step within its goal.'
    : `\nMissed:\n${missed.map((m) => `  ${m}`).join('\n')}`,
);
