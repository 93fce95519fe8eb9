import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { migrateToLatest, openDatabase, type Db } from '../db/database.js';
import { collectMigrations } from '../db/migrations/index.js';
import type { AppDeps } from '../deps.js';
import { createEventBus } from '../events/event-bus.js';
import type { Feature } from '../feature.js';
import { features as allFeatures } from '../features.js';
import { createTestClock, type TestClock } from '../lib/clock.js';
import { createLanguageModel } from '../llm/language-model.js';
import { createFileStore } from '../storage/file-store.js';
import { createMailer } from '../mail/mailer.js';
import { createAccessCache } from '../identity/access-cache.js';
import { createPublisher } from '../realtime/create-publisher.js';
import { startMailbox } from './test-mailbox.js';

export type TestApp = {
  app: App;
  db: Db;
  config: AppConfig;
  /** The app's clock: tests set or advance it instead of waiting. */
  clock: TestClock;
  deps: AppDeps;
  /** Where its database is, for a second instance on it. */
  database: { url: string; schema?: string | undefined };
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Extra routes for a test, added before the app starts. */
  beforeReady?: (app: App) => void;
  /** The features to run (all by default); a test adds its own to try a seam. */
  features?: readonly Feature[];
  /** A built web app to serve. */
  webDist?: string;
};

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Which database the suite runs on: the vitest project sets TEST_DIALECT. */
export const testDialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A real app on a fresh, migrated database: in-memory SQLite, or a schema of its own in the
 * PostgreSQL of TEST_DATABASE_URL (dropped on close), so test files can run in parallel.
 */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  { beforeReady, features = allFeatures, webDist }: TestAppOptions = {},
): Promise<TestApp> {
  const config: AppConfig = {
    ...loadConfig({
      SEED_DEMO: '0',
      APP_URL: 'http://localhost:5173',
      OUTBOX_DIR: join(tmpdir(), 'crm-test-outbox'),
      TELEGRAM_FILES_DIR: join(tmpdir(), `crm-test-telegram-files-${randomBytes(4).toString('hex')}`),
    }),
    passwordHashLogN: 10,
    ...overrides,
  };
  let dropSchema = async () => {};
  let handle;
  let schema: string | undefined;
  let url = 'sqlite::memory:';
  if (testDialect === 'postgres') {
    const pgUrl = process.env.TEST_DATABASE_URL;
    if (!pgUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    url = pgUrl;
    schema = `t_${randomBytes(6).toString('hex')}`;
    const created = schema;
    const db = openDatabase(url, { schema, poolSize: 4 });
    handle = db;
    // Kysely's migrator reads the catalog of every schema; a test file dropping its schema at
    // that moment made it fail now and then ("schema … does not exist"). Migrations share the
    // lock, drops take it alone.
    await holdingSchemaLock(pgUrl, 'shared', async (admin) => {
      await admin.query(`create schema ${created}`);
      await migrateToLatest(db.db, collectMigrations(features), created);
    });
    dropSchema = async () => {
      await holdingSchemaLock(pgUrl, 'exclusive', (admin) => admin.query(`drop schema ${created} cascade`));
    };
  } else {
    handle = openDatabase(url);
    await migrateToLatest(handle.db, collectMigrations(features));
  }
  const clock = createTestClock();
  const publisher = await createPublisher(config, silentLog);
  const deps: AppDeps = {
    db: handle.db,
    dialect: handle.dialect,
    config,
    log: silentLog,
    clock,
    mailer: createMailer(config, { log: silentLog, clock }),
    publisher,
    access: await createAccessCache(publisher),
    languageModel: createLanguageModel(config),
    files: createFileStore(config),
    events: createEventBus(features),
  };
  const app = await buildApp(deps, features, { checkAnswers: true, webDist });
  try {
    beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await publisher.close();
    await handle.close();
    await dropSchema();
    throw error;
  }
  const db = handle.db;
  return {
    app,
    db,
    config,
    clock,
    deps,
    database: { url, schema },
    close: async () => {
      await app.close();
      await publisher.close();
      await handle.close();
      await dropSchema();
    },
  };
}

/**
 * A second server instance on the same database (another pool, its own app and event bus; the
 * same clock): what two instances behind a load balancer share. PostgreSQL only (SQLite serves
 * one instance).
 */
export async function buildTwin(t: TestApp): Promise<TestApp> {
  if (!t.database.schema) throw new Error('buildTwin needs PostgreSQL');
  const handle = openDatabase(
    t.database.url,
    t.database.schema ? { schema: t.database.schema, poolSize: 4 } : {},
  );
  // With Redis (config.redisUrl), the twin hears what the first instance publishes, and back.
  const publisher = await createPublisher(t.config, silentLog);
  const deps: AppDeps = {
    ...t.deps,
    db: handle.db,
    publisher,
    access: await createAccessCache(publisher),
    events: createEventBus(allFeatures),
  };
  const app = await buildApp(deps, allFeatures, { checkAnswers: true });
  await app.ready();
  return {
    ...t,
    app,
    db: handle.db,
    deps,
    close: async () => {
      await app.close();
      await publisher.close();
      await handle.close();
    },
  };
}

/** Any number of test files migrate at once, while no schema is being dropped. */
const SCHEMA_LOCK_KEY = 7_270_001;

/**
 * Runs DDL a test makes in its own schema (a table dropped to run a migration again) while no
 * other test file migrates: Kysely's migrator reads every schema's catalog, and a table dropped
 * meanwhile made another file's migration fail ("relation t_….client_contacts does not exist").
 */
export async function changingSchema<T>(t: Pick<TestApp, 'database'>, work: () => Promise<T>): Promise<T> {
  if (testDialect !== 'postgres') return work();
  return holdingSchemaLock(t.database.url, 'exclusive', () => work());
}

/** Runs `work` on its own connection holding the advisory lock; ending the session releases it. */
async function holdingSchemaLock<T>(
  url: string,
  mode: 'shared' | 'exclusive',
  work: (admin: pg.Client) => Promise<T>,
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)',
      [SCHEMA_LOCK_KEY],
    );
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A test app that sends its emails through a real SMTP mailbox the test reads. */
export async function buildTestAppWithMailbox(overrides: Partial<AppConfig> = {}) {
  const mailbox = await startMailbox();
  const t = await buildTestApp({ smtpUrl: mailbox.url, ...overrides });
  const close = async () => {
    await t.close();
    await mailbox.close();
  };
  return { t, mailbox, close };
}
