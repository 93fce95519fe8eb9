import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import pg from 'pg';
import { DEFAULT_POOL_SIZE, POOL_SIZE_PARAM, poolSizeInUrl } from '../config.js';
import type { Database } from './schema.js';
import { cachedStatements, type SqliteStatements } from './sqlite-statements.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DatabaseHandle = { db: Db; dialect: Dialect; close: () => Promise<void> };

// PostgreSQL answers count(*) and bigint as strings: normalised here, once.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type OpenOptions = {
  /** PostgreSQL only: run in this schema (tests get a fresh one each). */
  schema?: string;
  /** PostgreSQL only: connections of the pool; else the URL's `pool_size`, else DEFAULT_POOL_SIZE. */
  poolSize?: number;
};

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, options);
}

function openSqlite(path: string): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // 64 MB of page cache instead of the default 2 MB: a search or a board page of a large project
  // reads index and row pages all over the file, and each miss is a read from the OS.
  sqlite.pragma('cache_size = -65536');
  const statements = cachedStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  sqliteConnections.set(db, statements);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const sqliteConnections = new WeakMap<Db, SqliteStatements>();

/**
 * Runs a read-only compiled query at once on SQLite, past Kysely's executor (its queue, plugins
 * and promises cost more than the read itself); undefined on PostgreSQL, in a transaction or while
 * one is open on the connection: then Kysely runs it.
 */
export const readNow = (db: Db, sql: string, parameters: readonly unknown[]) =>
  sqliteConnections.get(db)?.readNow(sql, parameters);

/**
 * Whether the database answers: the health check. PostgreSQL is a server away and is asked
 * `select 1`. On SQLite that query names no table, so it reads nothing of the file and proved
 * only that the connection is open; that is asked directly, for free (the check is polled).
 */
export async function databaseAnswers(db: Db): Promise<boolean> {
  const sqlite = sqliteConnections.get(db);
  if (sqlite) return sqlite.isOpen();
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** The URL pg connects with: without our `pool_size`, which is not a connection parameter. */
function connectionString(url: string): string {
  if (!url.includes(POOL_SIZE_PARAM)) return url;
  const parsed = new URL(url);
  if (!parsed.searchParams.has(POOL_SIZE_PARAM)) return url;
  parsed.searchParams.delete(POOL_SIZE_PARAM);
  return parsed.toString();
}

function openPostgres(url: string, { schema, poolSize }: OpenOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: connectionString(url),
    max: poolSize ?? poolSizeInUrl(url) ?? DEFAULT_POOL_SIZE,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** Runs the pending migrations; `schema` (PostgreSQL) keeps Kysely's own tables beside the data. */
export async function migrateToLatest(
  db: Db,
  migrations: Record<string, Migration>,
  schema?: string,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
