import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import './accounts.tables.js';
import type { OneTimeLinksTable } from './accounts.tables.js';

/** The two tables of one-time links: email verification and password recovery. */
export type LinkTable = 'email_verifications' | 'password_resets';

export const insertLink = (db: Db, table: LinkTable, values: Insertable<OneTimeLinksTable>) =>
  db.insertInto(table).values(values).execute();

/** Marks the user's link with this hash used, if unused and unexpired; answers it, or undefined. */
export const markLinkUsed = (db: Db, table: LinkTable, tokenHash: string, userId: number, now: string) =>
  db
    .updateTable(table)
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();

/** The user's newest link, used or not. */
export const findLastLink = (db: Db, table: LinkTable, userId: number) =>
  db
    .selectFrom(table)
    .select('created_at')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const deleteUnusedLinks = (db: Db, table: LinkTable, userId: number) =>
  db.deleteFrom(table).where('user_id', '=', userId).where('used_at', 'is', null).execute();
