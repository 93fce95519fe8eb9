import type { Role } from '@crm/contract';
import type { Tx } from '../deps.js';
import type { Publisher } from '../realtime/publisher.js';
import type { ResolvedToken } from './tokens.js';

/** A resolved token as cached: with its expiry and last use (ms; parsed once), checked on every hit. */
export type CachedToken = ResolvedToken & { expiresMs: number | null; lastUsedMs: number };
export type CachedMembership = { role: Role; status_id: number | null; timezone: string };

/** What changed: a person (his tokens, account, memberships) or a project (its members, settings). */
export type AccessChange = { userId: number } | { projectId: number };

/**
 * The bus channel on which every instance hears of access changes (revoked tokens, removed
 * members, changed statuses or settings) and forgets what it cached about them.
 */
export const ACCESS_CHANNEL = 'access';
const CHANGED = 'access.changed';
/** A bound on memory: past it, the oldest entries go first. */
const MAX_ENTRIES = 20_000;

/**
 * Resolved tokens and memberships kept in memory, so a signed-in request costs no query. Only
 * positive answers are kept (an unknown token or a non-member is asked again). A change is
 * forgotten here at once and on the other instances through the publisher (Redis when several
 * run); the publisher's `onGap` (a lost Redis connection) forgets everything.
 */
export type AccessCache = {
  token(token: string, load: () => Promise<CachedToken | null>): Promise<CachedToken | null>;
  membership(
    projectId: number,
    userId: number,
    load: () => Promise<CachedMembership | undefined>,
  ): Promise<CachedMembership | undefined>;
  /** Whether the person belongs to any project (the account's `has_projects`). */
  hasProjects(userId: number, load: () => Promise<boolean>): Promise<boolean>;
  /** Forgets on this instance at once, then tells the others. */
  changed(change: AccessChange): Promise<void>;
  /** Calls `listener` when the person's access changes on any instance (live streams re-check). */
  onUserChanged(userId: number, listener: () => void): () => void;
  clear(): void;
};

export async function createAccessCache(publisher: Publisher): Promise<AccessCache> {
  const tokens = new Map<string, CachedToken>();
  const memberships = new Map<string, CachedMembership>();
  const hasProjects = new Map<number, boolean>();
  const watchers = new Map<number, Set<() => void>>();
  // A load that began before a change must not store what it read (it may predate the change).
  let generation = 0;

  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
    map.set(key, value);
  };
  const forget = (change: AccessChange) => {
    generation += 1;
    if ('userId' in change) {
      // His own tokens, and his switches into managers' accounts (those tokens are the managers').
      const affected = new Set([change.userId]);
      for (const [key, entry] of tokens) {
        if (entry.user.id !== change.userId && entry.impersonatorId !== change.userId) continue;
        tokens.delete(key);
        affected.add(entry.user.id);
      }
      hasProjects.delete(change.userId);
      const suffix = `:${change.userId}`;
      for (const key of memberships.keys()) if (key.endsWith(suffix)) memberships.delete(key);
      for (const userId of affected) for (const listener of watchers.get(userId) ?? []) listener();
    } else {
      // A project's settings or its members' statuses: no token ends, so no stream is re-checked.
      const prefix = `${change.projectId}:`;
      for (const key of memberships.keys()) if (key.startsWith(prefix)) memberships.delete(key);
    }
  };

  await publisher.subscribe(ACCESS_CHANNEL, (message) => {
    if (message.type === CHANGED) forget(message.payload as AccessChange);
  });
  publisher.onGap(() => {
    generation += 1;
    tokens.clear();
    memberships.clear();
    hasProjects.clear();
  });

  return {
    async token(token, load) {
      const hit = tokens.get(token);
      if (hit) return hit;
      const before = generation;
      const loaded = await load();
      if (loaded && before === generation) remember(tokens, token, loaded);
      return loaded;
    },
    async membership(projectId, userId, load) {
      const key = `${projectId}:${userId}`;
      const hit = memberships.get(key);
      if (hit) return hit;
      const before = generation;
      const loaded = await load();
      if (loaded && before === generation) remember(memberships, key, loaded);
      return loaded;
    },
    async hasProjects(userId, load) {
      const hit = hasProjects.get(userId);
      if (hit !== undefined) return hit;
      const before = generation;
      const loaded = await load();
      if (before === generation) {
        if (hasProjects.size >= MAX_ENTRIES) hasProjects.delete(hasProjects.keys().next().value as number);
        hasProjects.set(userId, loaded);
      }
      return loaded;
    },
    async changed(change) {
      forget(change);
      await publisher.publish(ACCESS_CHANNEL, { type: CHANGED, payload: change });
    },
    onUserChanged(userId, listener) {
      let set = watchers.get(userId);
      if (!set) watchers.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) watchers.delete(userId);
      };
    },
    clear() {
      generation += 1;
      hasProjects.clear();
      tokens.clear();
      memberships.clear();
    },
  };
}

/** Announces access changes once the transaction that made them has committed. */
export function accessChangedOnCommit(tx: Tx, ...changes: AccessChange[]) {
  tx.onCommit(async () => {
    for (const change of changes) await tx.deps.access.changed(change);
  });
}
