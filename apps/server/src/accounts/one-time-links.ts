import type { Db } from '../db/database.js';
import { randomSecret, sha256Hex } from '../identity/secrets.js';
import './accounts.tables.js';

type LinkTable = 'email_verifications' | 'password_resets';

/** Creates a single-use link token for the user; the table keeps only its hash. */
export async function createLinkToken(db: Db, at: Date, table: LinkTable, userId: number, ttlMs: number) {
  const token = randomSecret();
  const now = at.getTime();
  await db
    .insertInto(table)
    .values({
      user_id: userId,
      token_hash: sha256Hex(token),
      expires_at: new Date(now + ttlMs).toISOString(),
      used_at: null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return token;
}

/**
 * Marks the token used, once: the conditional update is the claim, so two requests racing
 * with one link cannot both succeed. False if unknown, used, expired or someone else's.
 */
export async function consumeLinkToken(
  db: Db,
  at: Date,
  table: LinkTable,
  token: string,
  userId: number,
): Promise<boolean> {
  const now = at.toISOString();
  const row = await db
    .updateTable(table)
    .set({ used_at: now })
    .where('token_hash', '=', sha256Hex(token))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function lastLinkSentAt(db: Db, table: LinkTable, userId: number) {
  const row = await db
    .selectFrom(table)
    .select('created_at')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Date.parse(row.created_at) : null;
}
