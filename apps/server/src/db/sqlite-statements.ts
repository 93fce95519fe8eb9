import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Statements kept by their SQL; each read keeps a few copies bound to their parameters. At most
 * 500 × (1 + 16) statements are held, ~9 KB of SQLite memory each (~75 MB); 1,300 after 3 load runs.
 */
const CACHE_SIZE = 500;
const BOUND_PER_STATEMENT = 16;
/** Parameters a read was run with once, remembered so that a second run gets a bound copy. */
const SEEN_PER_STATEMENT = 64;
/** Longer text parameters (a search, a body) are not worth a statement of their own. */
const MAX_KEY_PARAM_LENGTH = 100;

/** The SQLite connection as Kysely's dialect sees it, plus reads run at once outside Kysely. */
export type SqliteStatements = SqliteDatabase & {
  /**
   * The rows of a read-only query, run now; undefined while a transaction is open on the
   * connection (its reads and writes must not interleave with ours: Kysely queues them).
   */
  readNow(source: string, parameters: readonly unknown[]): unknown[] | undefined;
  /** Whether the connection is open (it answers every query then: the file is opened with it). */
  isOpen(): boolean;
};

type Entry = {
  statement: SQLite.Statement;
  /** Least recently used first. */
  bound: Map<string, SQLite.Statement> | null;
  seen: Set<string> | null;
};

/**
 * better-sqlite3 behind two caches.
 *
 * By SQL: Kysely asks to prepare every query anew, and parsing it each time was the largest cost
 * of a simple read.
 *
 * By SQL and parameters, for reads: when a parameter may change the plan (`col = ?` beside an
 * `order by`, `limit ?`), SQLite marks the statement to be planned again on a new binding, and
 * better-sqlite3 clears the bindings after every run, so such a statement was parsed and planned
 * on every run anyway (a third of a project read). A copy bound once and rerun as it is keeps its
 * plan, and hot reads repeat their parameters (a project's statuses, its team).
 *
 * Only parameters run twice get a copy, and the copies least recently run go first. A copy is
 * ~9 KB of SQLite memory that V8 does not see, freed only when a full GC collects its dropped
 * wrapper: a copy for every new id (a client's page, a 404), dropped after 16 others, piled up
 * by the thousand between full GCs under varied load (issue 33). A read run once is planned as
 * the shared statement plans it, which costs what preparing its copy did.
 *
 * Reusing statements is safe: better-sqlite3 is synchronous, and only `iterate` (Kysely's
 * `stream`) leaves one busy, so it gets a statement of its own.
 */
export function cachedStatements(sqlite: SQLite.Database): SqliteStatements {
  const cache = new Map<string, Entry>();

  const entryOf = (source: string): Entry => {
    let entry = cache.get(source);
    if (entry) {
      cache.delete(source);
    } else {
      const statement = sqlite.prepare(source);
      const reads = statement.reader && statement.readonly;
      entry = { statement, bound: reads ? new Map() : null, seen: reads ? new Set() : null };
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, entry);
    return entry;
  };

  const all = (source: string, entry: Entry, parameters: readonly unknown[]) => {
    const key = entry.bound && parameters.length > 0 ? keyOf(parameters) : undefined;
    if (key === undefined) return entry.statement.all(parameters);
    const bound = entry.bound!;
    const seen = entry.seen!;
    let statement = bound.get(key);
    if (statement) {
      bound.delete(key);
    } else if (seen.delete(key)) {
      // Bound once, it runs without arguments, so its bindings are never cleared.
      statement = sqlite.prepare(source).bind(parameters);
      if (bound.size >= BOUND_PER_STATEMENT) bound.delete(bound.keys().next().value!);
    } else {
      if (seen.size >= SEEN_PER_STATEMENT) seen.delete(seen.values().next().value!);
      seen.add(key);
      return entry.statement.all(parameters);
    }
    bound.set(key, statement);
    return statement.all();
  };

  return {
    close: () => sqlite.close(),
    prepare(source): SqliteStatement {
      const entry = entryOf(source);
      if (!entry.bound) return entry.statement;
      return {
        reader: true,
        all: (parameters) => all(source, entry, parameters),
        run: (parameters) => entry.statement.run(parameters),
        iterate: (parameters) => sqlite.prepare(source).iterate(parameters),
      };
    },
    readNow(source, parameters) {
      if (sqlite.inTransaction) return undefined;
      const entry = entryOf(source);
      return entry.bound ? all(source, entry, parameters) : undefined;
    },
    isOpen: () => sqlite.open,
  };
}

/** The key of these parameters, or undefined when they are not all short plain values. */
function keyOf(parameters: readonly unknown[]): string | undefined {
  let key = '';
  for (const value of parameters) {
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return undefined;
      key += `\u0000n${value}`;
    } else if (typeof value === 'string') {
      if (value.length > MAX_KEY_PARAM_LENGTH) return undefined;
      // The length keeps the key unambiguous whatever the text holds (a NUL, say).
      // The length keeps the key unambiguous whatever the text holds (a NUL, say).
      key += `\u0000s${value.length}:${value}`;
    } else if (value === null) {
      key += '\u0000z';
    } else if (typeof value === 'bigint') {
      key += `\u0000b${value}`;
    } else {
      return undefined;
    }
  }
  return key;
}
