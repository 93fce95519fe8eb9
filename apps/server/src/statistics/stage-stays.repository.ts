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

/** When the client first entered a stage (his creation, import, or the stays' start). */
export const firstEnteredAt = async (db: Db, clientId: number) =>
  (
    await db
      .selectFrom('client_stage_stays')
      .select('entered_at')
      .where('client_id', '=', clientId)
      .orderBy('entered_at')
      .limit(1)
      .executeTakeFirst()
  )?.entered_at ?? null;

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

/** A merged client's stays become the survivor's (docs/product.md, "Duplicates"). */
export const moveClientStays = (db: Db, fromClientId: number, toClientId: number) =>
  db
    .updateTable('client_stage_stays')
    .set({ client_id: toClientId })
    .where('client_id', '=', fromClientId)
    .execute();

/** The client's first entries, the earliest first in each stage. */
export const listFirstEntries = (db: Db, clientId: number) =>
  db
    .selectFrom('client_stage_stays')
    .select(['id', 'category_id'])
    .where('client_id', '=', clientId)
    .where('first_entry', '=', 1)
    .orderBy('category_id')
    .orderBy('entered_at')
    .orderBy('id')
    .execute();

export async function clearFirstEntries(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.updateTable('client_stage_stays').set({ first_entry: 0 }).where('id', 'in', ids).execute();
}
