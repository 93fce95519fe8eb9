import type { Db } from '../db/database.js';

/**
 * A project's time zone: date parameters are read in it (docs/product.md), stored times are UTC.
 * The day arithmetic itself is the contract's (zoned-time.ts), shared with the web.
 */
export const findProjectTimezone = async (db: Db, projectId: number) =>
  (await db.selectFrom('projects').select('timezone').where('id', '=', projectId).executeTakeFirstOrThrow())
    .timezone;

/**
 * A project's phone country: a number written without its country code is read as one of its
 * numbers (clients/form/phone-numbers.ts). Read once per request or import, not per value.
 */
export const findProjectPhoneCountry = async (db: Db, projectId: number) =>
  (
    await db
      .selectFrom('projects')
      .select('phone_country')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow()
  ).phone_country;
