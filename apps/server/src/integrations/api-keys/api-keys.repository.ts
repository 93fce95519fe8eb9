import type { Db } from '../../db/database.js';
import type { TokenScope } from '../../db/schema.js';
import './api-keys.tables.js';

/** The project's keys not revoked, newest first, with their last use (the token's) and creator. */
export const listActiveKeys = (db: Db, projectId: number) =>
  db
    .selectFrom('api_keys as k')
    .leftJoin('access_tokens as t', 't.id', 'k.token_id')
    .leftJoin('users as c', 'c.id', 'k.created_by')
    .select([
      'k.id',
      'k.name',
      'k.scope',
      'k.expires_on',
      'k.created_at',
      't.last_used_at',
      'k.created_by',
      'c.name as created_by_name',
    ])
    .where('k.project_id', '=', projectId)
    .where('k.revoked_at', 'is', null)
    .orderBy('k.id', 'desc')
    .execute();

export type ApiKeyRow = Awaited<ReturnType<typeof listActiveKeys>>[number];

export const countActiveKeys = async (db: Db, projectId: number) =>
  Number(
    (
      await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', projectId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findActiveKey = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('api_keys')
    .select(['id', 'name', 'user_id', 'token_id', 'scope'])
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();

export const insertKey = (
  db: Db,
  values: {
    projectId: number;
    userId: number;
    tokenId: number;
    name: string;
    scope: TokenScope;
    expiresOn: string | null;
    createdBy: number;
    now: string;
  },
) =>
  db
    .insertInto('api_keys')
    .values({
      project_id: values.projectId,
      user_id: values.userId,
      token_id: values.tokenId,
      name: values.name,
      scope: values.scope,
      expires_on: values.expiresOn,
      created_by: values.createdBy,
      created_at: values.now,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const markKeyRevoked = (db: Db, id: number, now: string) =>
  db.updateTable('api_keys').set({ revoked_at: now, token_id: null }).where('id', '=', id).execute();
