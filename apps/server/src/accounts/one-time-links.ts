import type { Db } from '../db/database.js';
import { randomSecret, sha256Hex } from '../identity/secrets.js';
import { findLastLink, insertLink, markLinkUsed, type LinkTable } from './one-time-links.repository.js';

/** Creates a single-use link token for the user; the table keeps only its hash. */
export async function createLinkToken(db: Db, at: Date, table: LinkTable, userId: number, ttlMs: number) {
  const token = randomSecret();
  const now = at.getTime();
  await insertLink(db, table, {
    user_id: userId,
    token_hash: sha256Hex(token),
    expires_at: new Date(now + ttlMs).toISOString(),
    used_at: null,
    created_at: new Date(now).toISOString(),
  });
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
  const row = await markLinkUsed(db, table, sha256Hex(token), userId, at.toISOString());
  return row !== undefined;
}

export async function lastLinkSentAt(db: Db, table: LinkTable, userId: number) {
  const row = await findLastLink(db, table, userId);
  return row ? Date.parse(row.created_at) : null;
}
