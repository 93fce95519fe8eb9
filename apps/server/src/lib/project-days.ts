import type { Db } from '../db/database.js';

/**
 * A project's time zone: date parameters are read in it (docs/product.md), stored times are UTC.
 * The day arithmetic itself is the contract's (zoned-time.ts), shared with the web.
 */
export const findProjectTimezone = async (db: Db, projectId: number) =>
  (await db.selectFrom('projects').select('timezone').where('id', '=', projectId).executeTakeFirstOrThrow())
    .timezone;
