import type { Db } from '../db/database.js';
import './accounts.tables.js';

/** The newest failures of this email and address since the moment, at most `limit`. */
export const listRecentLoginFailures = (db: Db, email: string, ip: string, since: string, limit: number) =>
  db
    .selectFrom('login_failures')
    .select('created_at')
    .where('email', '=', email)
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

export const insertLoginFailure = (db: Db, email: string, ip: string, at: string) =>
  db.insertInto('login_failures').values({ email, ip, created_at: at }).execute();

export const deleteLoginFailuresBefore = (db: Db, before: string) =>
  db.deleteFrom('login_failures').where('created_at', '<', before).execute();

export const deleteLoginFailures = (db: Db, email: string, ip: string) =>
  db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
