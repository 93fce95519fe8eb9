import { timingSafeEqual } from 'node:crypto';
import { parseId } from '@crm/contract';
import type { Db } from '../db/database.js';
import { reusableQuery } from '../db/reusable-query.js';
import { userColumns, type TokenKind, type TokenScope, type UserRow } from '../db/schema.js';
import type { AccessCache, CachedToken } from './access-cache.js';
import { randomSecret, sha256Hex } from './secrets.js';

const LAST_USED_GRANULARITY_MS = 60_000;

export type IssueOptions = {
  kind?: TokenKind;
  projectId?: number | null;
  impersonatorId?: number | null;
  /** A switch's: the admin's session it is made from; it ends with that session. */
  issuerTokenId?: number | null;
  expiresAt?: string | null;
  /** An API key's. */
  scope?: TokenScope | null;
};

/** Issues an "id|secret" token; only the SHA-256 of the 256-bit secret is stored. */
export async function issueToken(db: Db, at: Date, userId: number, options: IssueOptions = {}) {
  const secret = randomSecret();
  const now = at.toISOString();
  const row = await db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      secret_hash: sha256Hex(secret),
      kind: options.kind ?? 'session',
      project_id: options.projectId ?? null,
      impersonator_id: options.impersonatorId ?? null,
      issuer_token_id: options.issuerTokenId ?? null,
      expires_at: options.expiresAt ?? null,
      scope: options.scope ?? null,
      // A key's list shows its last use: none until its first request.
      last_used_at: options.kind === 'api_key' ? null : now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `${row.id}|${secret}`;
}

const findToken = reusableQuery((db: Db, id: number) =>
  db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.secret_hash',
      't.kind',
      't.project_id',
      't.impersonator_id',
      't.expires_at',
      't.last_used_at',
      't.scope',
      ...userColumns,
    ])
    .where('t.id', '=', id),
);

export type ResolvedToken = {
  tokenId: number;
  kind: TokenKind;
  projectId: number | null;
  impersonatorId: number | null;
  /** When it stops working (a switch into a manager's account); null: until revoked. */
  expiresAt: string | null;
  /** An API key's: 'read' (GET only) or 'write'; null for a person's token. */
  scope: TokenScope | null;
  user: UserRow;
};

/**
 * The token's user, or null for a malformed, unknown, revoked or expired token. With a cache,
 * a token seen before costs no query: its expiry is checked on every use all the same, and a
 * revocation reaches the cache through `AccessCache.changed`.
 */
export async function resolveToken(
  db: Db,
  at: Date,
  token: string,
  cache?: AccessCache,
): Promise<ResolvedToken | null> {
  const bar = token.indexOf('|');
  const id = parseId(token.slice(0, bar));
  const secret = token.slice(bar + 1);
  if (id === null || secret.length < 20) return null;

  const entry = cache
    ? await cache.token(token, () => loadToken(db, id, secret))
    : await loadToken(db, id, secret);
  if (!entry) return null;

  const now = at.getTime();
  if (entry.expiresMs !== null && entry.expiresMs <= now) return null;

  // Written at most once a minute, so reads stay reads.
  if (now - entry.lastUsedMs > LAST_USED_GRANULARITY_MS) {
    entry.lastUsedMs = now;
    await db
      .updateTable('access_tokens')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', id)
      .execute();
  }
  const { tokenId, kind, projectId, impersonatorId, expiresAt, scope, user } = entry;
  return { tokenId, kind, projectId, impersonatorId, expiresAt, scope, user };
}

async function loadToken(db: Db, id: number, secret: string): Promise<CachedToken | null> {
  const row = await findToken(db, id);
  if (!row) return null;
  const expected = Buffer.from(row.secret_hash, 'hex');
  const actual = Buffer.from(sha256Hex(secret), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return {
    tokenId: id,
    kind: row.kind,
    projectId: row.project_id,
    impersonatorId: row.impersonator_id,
    expiresAt: row.expires_at,
    scope: row.scope,
    expiresMs: row.expires_at === null ? null : Date.parse(row.expires_at),
    lastUsedMs: row.last_used_at === null ? 0 : Date.parse(row.last_used_at),
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      password_hash: row.password_hash,
      email_verified_at: row.email_verified_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}

/** Ends a token and the switches into managers' accounts made from it (a logout ends both). */
export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db
    .deleteFrom('access_tokens')
    .where((eb) => eb.or([eb('id', '=', tokenId), eb('issuer_token_id', '=', tokenId)]))
    .execute();
}

/**
 * Ends every session of the person and every switch he made into a manager's account (a
 * password reset: a stolen account's switches must not outlive it).
 */
export async function revokeAllTokens(db: Db, userId: number): Promise<void> {
  await db
    .deleteFrom('access_tokens')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('impersonator_id', '=', userId)]))
    .execute();
}
