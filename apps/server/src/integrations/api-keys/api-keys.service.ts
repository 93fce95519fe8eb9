import {
  API_KEY_EXPIRY_PAST,
  API_KEY_SCOPE_LABELS,
  API_KEYS_MAX,
  API_KEYS_TOO_MANY,
  endOfDay,
  todayInZone,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
} from '@crm/contract';
import type { Db } from '../../db/database.js';
import { lockProject } from '../../db/project-lock.js';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import type { MemberActor } from '../../http/actor.js';
import { invalidField, notFound, AppError } from '../../http/app-error.js';
import { accessChangedOnCommit } from '../../identity/access-cache.js';
import { issueToken, revokeToken } from '../../identity/tokens.js';
import { insertTechnicalUser } from '../../identity/technical-users.js';
import {
  countActiveKeys,
  findActiveKey,
  insertKey,
  listActiveKeys,
  markKeyRevoked,
  type ApiKeyRow,
} from './api-keys.repository.js';

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  expires_on: row.expires_on,
  last_used_at: row.last_used_at ?? null,
  created_at: row.created_at,
  created_by: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
});

export const listApiKeys = async (db: Db, projectId: number) => (await listActiveKeys(db, projectId)).map(toApiKey);

/** What the history and the actor's name call a key. */
export const keyActorName = (name: string) => `API-ключ «${name}»`;

/**
 * A key for scripts: its technical user (named for the history), its token (the secret shown
 * once, stored hashed; it ends after its last day in the project's time zone).
 */
export function createApiKey(
  deps: AppDeps,
  who: MemberActor,
  input: { name: string; scope: ApiKeyScope; expires_on?: string | null },
): Promise<ApiKeyCreated> {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    if ((await countActiveKeys(tx.db, who.projectId)) >= API_KEYS_MAX) throw new AppError(422, API_KEYS_TOO_MANY);
    const expiresOn = input.expires_on ?? null;
    if (expiresOn !== null && expiresOn < todayInZone(who.timezone, tx.now)) {
      throw invalidField('expires_on', API_KEY_EXPIRY_PAST);
    }
    const now = tx.now.toISOString();
    const user = await insertTechnicalUser(tx.db, keyActorName(input.name), now);
    const key = await issueToken(tx.db, tx.now, user.id, {
      kind: 'api_key',
      projectId: who.projectId,
      scope: input.scope,
      expiresAt: expiresOn === null ? null : endOfDay(expiresOn, who.timezone).toISOString(),
    });
    const tokenId = Number(key.slice(0, key.indexOf('|')));
    const { id } = await insertKey(tx.db, {
      projectId: who.projectId,
      userId: user.id,
      tokenId,
      name: input.name,
      scope: input.scope,
      expiresOn,
      createdBy: who.actorId,
      now,
    });
    const view: ApiKey = {
      id,
      name: input.name,
      scope: input.scope,
      expires_on: expiresOn,
      last_used_at: null,
      created_at: now,
      created_by: { id: who.actorId, name: who.actorName },
    };
    await tx.record({
      ...who,
      kind: 'api_key.created',
      subjectType: 'api_key',
      subjectId: id,
      message: `Создан ${keyActorName(input.name)}: ${API_KEY_SCOPE_LABELS[input.scope].toLowerCase()}${expiresOn ? `, до ${expiresOn}` : ''}`,
      before: null,
      after: view,
    });
    return { ...view, key };
  });
}

/** Ends the key at once, on every instance (the access cache hears of its user's change). */
export function revokeApiKey(deps: AppDeps, who: MemberActor, id: number): Promise<void> {
  return transaction(deps, async (tx) => {
    const key = await findActiveKey(tx.db, who.projectId, id);
    if (!key) throw notFound('Ключ не найден');
    if (key.token_id !== null) await revokeToken(tx.db, key.token_id);
    await markKeyRevoked(tx.db, id, tx.now.toISOString());
    accessChangedOnCommit(tx, { userId: key.user_id });
    await tx.record({
      ...who,
      kind: 'api_key.revoked',
      subjectType: 'api_key',
      subjectId: id,
      message: `Отозван ${keyActorName(key.name)}`,
      before: { id, name: key.name, scope: key.scope },
      after: null,
    });
  });
}
