import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import './statistics.tables.js';
import type { ClientStageStaysTable } from './statistics.tables.js';

/** One stay of the client in the stage, if he was ever there. */
export const findStay = (db: Db, clientId: number, categoryId: number) =>
  db
    .selectFrom('client_stage_stays')
    .select('id')
    .where('client_id', '=', clientId)
    .where('category_id', '=', categoryId)
    .limit(1)
    .executeTakeFirst();

export const insertStay = (db: Db, values: Insertable<ClientStageStaysTable>) =>
  db.insertInto('client_stage_stays').values(values).execute();

/** The client's stays not yet left. */
export const listOpenStays = (db: Db, clientId: number) =>
  db
    .selectFrom('client_stage_stays')
    .select(['id', 'entered_at'])
    .where('client_id', '=', clientId)
    .where('left_at', 'is', null)
    .execute();

export const closeStay = (db: Db, id: number, leftAt: string, seconds: number) =>
  db.updateTable('client_stage_stays').set({ left_at: leftAt, seconds }).where('id', '=', id).execute();

export const deleteClientStays = (db: Db, clientId: number) =>
  db.deleteFrom('client_stage_stays').where('client_id', '=', clientId).execute();

export const deleteCategoryStays = (db: Db, projectId: number, categoryId: number) =>
  db
    .deleteFrom('client_stage_stays')
    .where('project_id', '=', projectId)
    .where('category_id', '=', categoryId)
    .execute();
