import type { Db } from '../db/database.js';
import './bulk/bulk.tables.js';
import './import/import.tables.js';

/** Rows a worker holds while it works: an import and a bulk action, each on one instance at a time. */
type Leased = 'client_bulk_actions' | 'client_imports';

/**
 * Takes the row for `holder` until `until` by one conditional UPDATE: when no one holds it (or
 * held it past `at`), or from `takeOver`, a holder known to be gone. `status`: only while the row
 * is in it. False when another worker took it first.
 */
export async function leaseRow(
  db: Db,
  table: Leased,
  lease: { id: number; holder: string; at: string; until: string; takeOver: string | null; status?: 'running' },
) {
  let query = db
    .updateTable(table)
    .set({ locked_by: lease.holder, locked_until: lease.until })
    .where('id', '=', lease.id)
    .where((eb) =>
      lease.takeOver
        ? eb('locked_by', '=', lease.takeOver)
        : eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', lease.at)]),
    );
  if (lease.status) query = query.where('status', '=', lease.status);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Keeps the row held by `holder` until `until` (a worker still at it). */
export const renewLease = (db: Db, table: Leased, id: number, holder: string, until: string) =>
  db.updateTable(table).set({ locked_until: until }).where('id', '=', id).where('locked_by', '=', holder).execute();
