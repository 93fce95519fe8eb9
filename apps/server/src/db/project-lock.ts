import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Serialises writes that keep a per-project invariant (one default status, one pending invitation
 * per address) within the caller's transaction: on PostgreSQL the no-op update holds the
 * project's row lock until commit; SQLite runs one write transaction at a time anyway.
 */
export async function lockProject(trx: Db, projectId: number): Promise<void> {
  await sql`update projects set name = name where id = ${projectId}`.execute(trx);
}
