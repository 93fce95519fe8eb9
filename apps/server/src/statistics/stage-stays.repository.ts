import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import './statistics.tables.js';
import type { ClientStageStaysTable } from './statistics.tables.js';

/** Of these clients, the pairs (client, stage) he was ever in, among these stages. */
export const staysIn = (db: Db, clientIds: number[], categoryIds: number[]) =>
  clientIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('client_stage_stays')
        .select(['client_id', 'category_id'])
        .distinct()
        .where('client_id', 'in', clientIds)
        .where('category_id', 'in', categoryIds)
        .execute();

/** Stays per INSERT (well under SQLite's variable limit). */
const CHUNK = 300;

export async function insertStays(db: Db, values: Insertable<ClientStageStaysTable>[]) {
  for (let i = 0; i < values.length; i += CHUNK)
    await db
      .insertInto('client_stage_stays')
      .values(values.slice(i, i + CHUNK))
      .execute();
}

/** When each of these clients first entered a stage (his creation, import, or the stays' start). */
export const firstEnteredAt = async (db: Db, clientIds: number[]) =>
  new Map(
    clientIds.length === 0
      ? []
      : (
          await db
            .selectFrom('client_stage_stays')
            .select(['client_id', (eb) => eb.fn.min('entered_at').as('entered_at')])
            .where('client_id', 'in', clientIds)
            .groupBy('client_id')
            .execute()
        ).map((row) => [row.client_id, row.entered_at as string]),
  );

/** These clients' stays not yet left. */
export const listOpenStays = (db: Db, clientIds: number[]) =>
  clientIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('client_stage_stays')
        .select(['id', 'entered_at'])
        .where('client_id', 'in', clientIds)
        .where('left_at', 'is', null)
        .execute();

/** Ends these stays at `leftAt`, each with its own length, in one statement per chunk. */
export async function closeStays(db: Db, stays: { id: number; seconds: number }[], leftAt: string) {
  for (let i = 0; i < stays.length; i += CHUNK) {
    const chunk = stays.slice(i, i + CHUNK);
    await db
      .updateTable('client_stage_stays')
      .set({
        left_at: leftAt,
        seconds: sql<number>`case ${sql.join(
          chunk.map((s) => sql`when id = ${s.id} then cast(${s.seconds} as integer)`),
          sql` `,
        )} end`,
      })
      .where(
        'id',
        'in',
        chunk.map((s) => s.id),
      )
      .execute();
  }
}

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
