import type { Db } from '../db/database.js';
import { tooManyRequests } from '../http/app-error.js';
import {
  deleteLoginFailures,
  deleteLoginFailuresBefore,
  insertLoginFailure,
  listRecentLoginFailures,
} from './login-throttle.repository.js';

const WINDOW_MS = 60_000;
const MAX_FAILURES = 5;
const KEEP_MS = 60 * 60_000;

/**
 * At most 5 failed sign-ins a minute per email and client address. Counted in the database,
 * so the limit holds across several server instances.
 */
export async function assertLoginAllowed(db: Db, at: Date, email: string, ip: string) {
  const since = new Date(at.getTime() - WINDOW_MS).toISOString();
  const recent = await listRecentLoginFailures(db, email, ip, since, MAX_FAILURES);
  if (recent.length < MAX_FAILURES) return;
  const oldest = Date.parse(recent[recent.length - 1]!.created_at);
  const waitS = Math.ceil((oldest + WINDOW_MS - at.getTime()) / 1000);
  throw tooManyRequests(waitS, `Слишком много попыток входа. Попробуйте через ${Math.max(1, waitS)} с.`);
}

export async function recordLoginFailure(db: Db, at: Date, email: string, ip: string) {
  const now = at.getTime();
  await insertLoginFailure(db, email, ip, new Date(now).toISOString());
  await deleteLoginFailuresBefore(db, new Date(now - KEEP_MS).toISOString());
}

export async function clearLoginFailures(db: Db, email: string, ip: string) {
  await deleteLoginFailures(db, email, ip);
}
