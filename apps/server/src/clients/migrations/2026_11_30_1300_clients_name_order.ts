import { sql } from 'kysely';
import { type AnyDb, isPostgres } from '../../db/migrations/helpers.js';

/**
 * PostgreSQL: the name indexes are text_pattern_ops (for LIKE 'ab%'), which an ORDER BY in the
 * database's collation cannot walk, so every page of a list or an export sorted by name or last
 * name sorted all the project's clients again (an export of 1 000 000 by name: 14 minutes, a batch
 * 160 ms → 2 ms with these). SQLite's name indexes sort as its ORDER BY does, the rowid ending them.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index clients_project_name_order_idx on clients (project_id, name_key, id)`.execute(db);
  await sql`create index clients_project_last_name_order_idx on clients (project_id, last_name_key, id)`.execute(
    db,
  );
}
