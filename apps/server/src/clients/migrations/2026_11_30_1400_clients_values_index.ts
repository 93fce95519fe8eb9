import { sql } from 'kysely';
import { type AnyDb, isPostgres } from '../../db/migrations/helpers.js';

/**
 * PostgreSQL: a b-tree entry holds at most about 2 700 bytes, and the option filter's index took
 * each value whole, so a long textarea value (5 000 Cyrillic letters are 10 000 bytes) could not
 * be saved. The index keeps a value's first 200 characters: a select's value (an option id) is
 * whole in it, and the option filter compares that prefix too (search.repository.ts).
 * SQLite has no such limit.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index client_field_values_field_value_idx`.execute(db);
  await sql`create index client_field_values_field_value_idx
    on client_field_values (field_id, substr(value, 1, 200), client_id)`.execute(db);
}
