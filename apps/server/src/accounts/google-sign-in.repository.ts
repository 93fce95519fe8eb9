import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import './accounts.tables.js';
import type { OauthStatesTable } from './accounts.tables.js';

/** States of sign-ins begun before the moment: abandoned. */
export const deleteOauthStatesBefore = (db: Db, before: string) =>
  db.deleteFrom('oauth_states').where('created_at', '<', before).execute();

export const insertOauthState = (db: Db, values: Insertable<OauthStatesTable>) =>
  db.insertInto('oauth_states').values(values).execute();

/** Deletes the state and answers it, so a callback can use it once; undefined if unknown. */
export const takeOauthState = (db: Db, state: string) =>
  db.deleteFrom('oauth_states').where('state', '=', state).returningAll().executeTakeFirst();
