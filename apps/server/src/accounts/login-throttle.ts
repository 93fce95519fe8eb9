import type { Db } from '../db/database.js';
import { tooManyRequests } from '../http/app-error.js';

const WINDOW_MS = 60_000;
const MAX_FAILURES = 5;
const KEEP_MS = 60 * 60_000;

/**
 * At most 5 failed sign-ins a minute per email and client address. Counted in the database,
 * so the limit holds across several server instances.
 */
export async function assertLoginAllowed(db: Db, at: Date, email: string, ip: string) {
  const since = new Date(at.getTime() - WINDOW_MS).toISOString();
  const recent = await db
    .selectFrom('login_failures')
    .select('created_at')
    .where('email', '=', email)
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(MAX_FAILURES)
    .execute();
  if (recent.length < MAX_FAILURES) return;
  const oldest = Date.parse(recent[recent.length - 1]!.created_at);
  const waitS = Math.ceil((oldest + WINDOW_MS - at.getTime()) / 1000);
  throw tooManyRequests(waitS, `Слишком много попыток входа. Попробуйте через ${Math.max(1, waitS)} с.`);
}

export async function recordLoginFailure(db: Db, at: Date, email: string, ip: string) {
  const now = at.getTime();
  await db.insertInto('login_failures').values({ email, ip, created_at: new Date(now).toISOString() }).execute();
  await db.deleteFrom('login_failures').where('created_at', '<', new Date(now - KEEP_MS).toISOString()).execute();
}

export async function clearLoginFailures(db: Db, email: string, ip: string) {
  await db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
}
