// `npm run bench:client-page [-- --clients 100000] [--dialect sqlite|postgres] [--runs 200]`:
// seeds a fresh SQLite file and a fresh PostgreSQL schema (as bench:search) with many clients,
// three history entries each and one client with 400 entries of every kind the timeline shows,
// then times the client's page (the client, his stage, every form field and the first 50
// timeline entries; issue 30: under 10 ms at 100 000 clients) and an older page by the cursor,
// in process, and prints every query's plan that touches the history.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { clientPageEndpoints, clientsEndpoints, pathOf, type TimelinePage } from '@crm/contract';
import { buildApp } from '../apps/server/src/app.js';
import { migrateToLatest, type Db, type Dialect } from '../apps/server/src/db/database.js';
import { collectMigrations } from '../apps/server/src/db/migrations/index.js';
import { features } from '../apps/server/src/features.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
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
import { seedClients, type SeededProject } from './seed-clients.js';

const { values: args } = parseArgs({
  options: { clients: { type: 'string', default: '100000' }, ...seededBenchOptions },
});
const CLIENTS = Number(args.clients);
const RUNS = Number(args.runs);
const WARMUP = 20;
const GOAL_MS = 10;
/** The busy client's entries: eight pages of the timeline. */
const BUSY_ENTRIES = 400;
const BATCH = 500;

type Entry = {
  project_id: number;
  actor_id: number | null;
  impersonator_id: null;
  kind: string;
  subject_type: string;
  subject_id: number | null;
  client_id: number;
  message: string;
  before: string | null;
  after: string | null;
  created_at: string;
};

/** A client view as `client.updated` stores it (its two states), with a field's value. */
const view = (
  id: number,
  managerId: number,
  categoryId: number,
  amount: number,
  fieldId: number,
  value: string,
) =>
  JSON.stringify({
    id,
    name: 'Мария',
    last_name: 'Петрова',
    amount,
    traffic: false,
    category_id: categoryId,
    manager_id: managerId,
    manager: { id: managerId, name: 'Менеджер 1' },
    fields: [{ field_id: fieldId, value }],
    category_entered_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });

/** Every client gets its creation, a note and a move; the busy one every kind, many times. */
async function seedHistory(db: Db, s: SeededProject, busyId: number, busyManager: number) {
  const clients = await db
    .selectFrom('clients')
    .select(['id', 'manager_id', 'category_id'])
    .where('project_id', '=', s.projectId)
    .orderBy('id')
    .execute();
  const start = Date.parse('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(start + ms).toISOString();
  const base = (clientId: number, actorId: number | null, created: string) => ({
    project_id: s.projectId,
    actor_id: actorId,
    impersonator_id: null,
    subject_type: 'client',
    subject_id: clientId,
    client_id: clientId,
    before: null,
    after: null,
    created_at: created,
  });
  let batch: Entry[] = [];
  const flush = async () => {
    if (batch.length > 0) await db.insertInto('history_events').values(batch).execute();
    batch = [];
  };
  const push = async (entry: Entry) => {
    batch.push(entry);
    if (batch.length >= BATCH) await flush();
  };
  // Interleaved in time, as a working project writes them.
  for (const [i, c] of clients.entries()) {
    await push({
      ...base(c.id, c.manager_id, at(i * 1000)),
      kind: 'client.created',
      message: 'Добавлен клиент',
      after: JSON.stringify({ category_id: c.category_id }),
    });
  }
  for (const [i, c] of clients.entries()) {
    await push({
      ...base(c.id, c.manager_id, at(1e9 + i * 1000)),
      kind: 'client_note.created',
      message: 'Добавлена заметка',
      after: JSON.stringify({ note: 'Перезвонить' }),
    });
    await push({
      ...base(c.id, null, at(2e9 + i * 1000)),
      kind: 'client_category_changed',
      message: 'Клиент автоматически переведён',
      before: JSON.stringify({ category_id: s.categoryIds[0], category: 'Новые' }),
      after: JSON.stringify({ category_id: c.category_id, category: 'Дальше' }),
    });
  }
  for (let i = 0; i < BUSY_ENTRIES; i += 1) {
    const created = at(3e9 + i * 60_000);
    const entry = base(busyId, busyManager, created);
    const variants: Entry[] = [
      {
        ...entry,
        kind: 'client_note.created',
        message: 'Добавлена заметка',
        after: JSON.stringify({ note: `Заметка ${i}` }),
      },
      {
        ...entry,
        kind: 'client.updated',
        message: 'Клиент изменён',
        before: view(busyId, busyManager, s.categoryIds[1]!, i, s.phone.id, '79990000000'),
        after: view(busyId, busyManager, s.categoryIds[1]!, i + 1, s.phone.id, '79990000001'),
      },
      {
        ...entry,
        kind: 'client_category_changed',
        message: 'Клиент переведён',
        before: JSON.stringify({ category_id: s.categoryIds[1], category: 'Б' }),
        after: JSON.stringify({ category_id: s.categoryIds[2], category: 'В' }),
      },
      {
        ...entry,
        kind: 'client_reminder.created',
        subject_type: 'client_reminder',
        subject_id: 1_000_000 + i,
        message: 'Создано напоминание',
        after: JSON.stringify({ title: 'Позвонить', completion_date: created }),
      },
      {
        ...entry,
        kind: 'conversation.message_sent',
        subject_type: 'conversation',
        subject_id: 1,
        message: 'Сообщение',
        after: JSON.stringify({ message_id: 1_000_000 + i }),
      },
      {
        ...entry,
        kind: 'client_call.logged',
        subject_type: 'client_call',
        subject_id: i + 1,
        message: 'Звонок',
        after: JSON.stringify({
          id: i + 1,
          client_id: busyId,
          outcome: 'reached',
          duration: 90,
          comment: 'Обсудили',
          author: { id: busyManager, name: 'Менеджер 1' },
          called_at: created,
          created_at: created,
        }),
      },
    ];
    await push(variants[i % variants.length]!);
  }
  await flush();
  return clients.length * 3 + BUSY_ENTRIES;
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
    const busy = await handle.db
      .selectFrom('clients')
      .select(['id', 'manager_id'])
      .where('project_id', '=', seeded.projectId)
      .where('manager_id', '=', seeded.manager.id)
      .orderBy('id')
      .limit(1)
      .offset(Math.floor(CLIENTS / 12))
      .executeTakeFirstOrThrow();
    const entries = await seedHistory(handle.db, seeded, busy.id, busy.manager_id);
    console.log(`History: ${entries.toLocaleString('ru-RU')} entries`);
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db);

    const projectId = seeded.projectId;
    const page = `/api/v1${pathOf(clientPageEndpoints.get, { projectId, clientId: busy.id })}`;
    const timeline = `/api/v1${pathOf(clientPageEndpoints.timeline, { projectId, clientId: busy.id })}`;
    const first = await app.inject({
      url: timeline,
      headers: { authorization: `Bearer ${seeded.admin.token}` },
    });
    const cursor = (first.json() as { response: TimelinePage }).response.next_before!;
    const quiet = `/api/v1${pathOf(clientPageEndpoints.get, { projectId, clientId: busy.id + 1 })}`;
    const list: TimedRequest[] = [
      { name: 'client page, 400 entries, an admin', url: page, token: seeded.admin.token },
      { name: 'client page, 400 entries, his manager', url: page, token: seeded.manager.token },
      { name: 'client page, 3 entries, an admin', url: quiet, token: seeded.admin.token },
      {
        // What a bare read of the client costs here (the guard and two queries): the page's floor.
        name: 'for comparison: GET /clients/{id}',
        url: `/api/v1${pathOf(clientsEndpoints.get, { projectId, id: busy.id })}`,
        token: seeded.admin.token,
      },
      {
        name: 'timeline page 2 by the cursor',
        url: `${timeline}?before=${encodeURIComponent(cursor)}`,
        token: seeded.manager.token,
      },
    ];
    console.log(
      `\nLoad average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${RUNS} runs each after ${WARMUP} warm-up runs`,
    );
    const backendPid = () => backendPidOf(handle);
    const head = ['wall p50', 'wall p95', 'CPU p50', 'CPU p95'].map((h) => h.padStart(9)).join(' ');
    console.log(`\n${'scenario (ms)'.padEnd(44)} ${head}  goal (CPU p95)`);
    const missed: string[] = [];
    for (const scenario of list) {
      const { wall, cpu } = await timeRequest(app, scenario, backendPid, { runs: RUNS, warmup: WARMUP });
      const ok = cpu.p95 < GOAL_MS;
      if (!ok) missed.push(`${scenario.name}: CPU p95 ${cpu.p95.toFixed(2)} ms`);
      const figures = [wall.p50, wall.p95, cpu.p50, cpu.p95].map((n) => n.toFixed(2).padStart(9)).join(' ');
      console.log(`${scenario.name.padEnd(44)} ${figures}  < ${GOAL_MS} ${ok ? 'ok' : 'MISSED'}`);
    }
    await app.close();

    console.log('\nQuery plans:');
    const relevant = (q: { sql: string }) => /history_events|clients\b/.test(q.sql);
    for (const [name, queries] of await captureQueries(database, list.slice(0, 2), relevant)) {
      console.log(`\n-- ${name}`);
      for (const query of queries) {
        console.log(`   ${query.sql.replace(/\s+/g, ' ').slice(0, 200)}`);
        for (const line of await planOf(handle.db, dialect, query)) console.log(`     ${line}`);
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

const dialects: Dialect[] = args.dialect ? [args.dialect as Dialect] : ['sqlite', 'postgres'];
for (const dialect of dialects) await run(dialect);
