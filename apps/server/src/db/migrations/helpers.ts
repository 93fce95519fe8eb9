import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Migrations import no app code: the few dialect differences live here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export const isPostgres = (db: AnyDb): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

/** An integer primary key that the database assigns. */
export function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
