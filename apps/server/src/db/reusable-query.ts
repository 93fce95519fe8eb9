import { CompiledQuery } from 'kysely';
import { readNow, type Db } from './database.js';

/**
 * A query on a hot path (the guard runs on every request, a project's lists on every page):
 * Kysely builds and compiles it once per database with placeholder values, then each call reruns
 * that SQL with new parameters; on SQLite, outside a transaction, straight on the connection.
 * Building and running it through Kysely each time cost more than half of a project read.
 * `build` must place its parameters in the order they are passed, and only read.
 */
/** A query builder or a raw `sql` template. */
type Buildable<Row> = { compile(db: Db): CompiledQuery<Row> };

function reusable<P extends unknown[], Row, Out>(
  build: (db: Db, ...params: P) => Buildable<Row>,
  pick: (rows: Row[]) => Out,
) {
  const compiled = new WeakMap<Db, string>();
  return async (db: Db, ...params: P): Promise<Out> => {
    let text = compiled.get(db);
    if (text === undefined) {
      const query = build(db, ...params).compile(db);
      // Guards the one assumption: the SQL's parameters are exactly the call's, in order.
      if (JSON.stringify(query.parameters) !== JSON.stringify(params)) {
        throw new Error(`reusableQuery: parameters ${JSON.stringify(query.parameters)} are not the call's`);
      }
      text = query.sql;
      compiled.set(db, text);
    }
    const rows = readNow(db, text, params) as Row[] | undefined;
    return pick(rows ?? (await db.executeQuery<Row>(CompiledQuery.raw(text, params))).rows);
  };
}

/** The first row of a reusable query, or undefined. */
export const reusableQuery = <P extends unknown[], Row>(build: (db: Db, ...params: P) => Buildable<Row>) =>
  reusable(build, (rows): Row | undefined => rows[0]);

/** Every row of a reusable query. */
export const reusableList = <P extends unknown[], Row>(build: (db: Db, ...params: P) => Buildable<Row>) =>
  reusable(build, (rows) => rows);
