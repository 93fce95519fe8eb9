import type { Db } from '../../db/database.js';
import './categories.tables.js';

const columns = ['id', 'name'] as const;

export const listLossReasons = (db: Db, projectId: number) =>
  db
    .selectFrom('loss_reasons')
    .select(columns)
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findLossReason = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('loss_reasons')
    .select(columns)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findLossReasonByNameKey = (db: Db, projectId: number, nameKey: string) =>
  db
    .selectFrom('loss_reasons')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();

export const lossReasonStats = async (db: Db, projectId: number) => {
  const row = await db
    .selectFrom('loss_reasons')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), lastPosition: row.last === null ? -1 : Number(row.last) };
};

export const insertLossReasons = (
  db: Db,
  projectId: number,
  reasons: { name: string; nameKey: string; position: number }[],
  now: string,
) =>
  db
    .insertInto('loss_reasons')
    .values(
      reasons.map((r) => ({
        project_id: projectId,
        name: r.name,
        name_key: r.nameKey,
        position: r.position,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning(columns)
    .execute();

export const renameLossReason = (
  db: Db,
  projectId: number,
  id: number,
  values: { name: string; nameKey: string; now: string },
) =>
  db
    .updateTable('loss_reasons')
    .set({ name: values.name, name_key: values.nameKey, updated_at: values.now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();

export const deleteLossReasonRow = (db: Db, projectId: number, id: number) =>
  db.deleteFrom('loss_reasons').where('project_id', '=', projectId).where('id', '=', id).execute();
