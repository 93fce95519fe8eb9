import type { Db } from '../db/database.js';
import { reusableList } from '../db/reusable-query.js';
import './statuses.tables.js';

const statusColumns = ['id', 'name', 'is_default', 'deposit_goal'] as const;

/** Every page of a project reads them: reusable. */
export const listStatuses = reusableList((db: Db, projectId: number) =>
  db.selectFrom('statuses').select(statusColumns).where('project_id', '=', projectId).orderBy('id'),
);

export const findStatus = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('statuses')
    .select(statusColumns)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findStatusByNameKey = (db: Db, projectId: number, nameKey: string) =>
  db
    .selectFrom('statuses')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();

export const countStatuses = async (db: Db, projectId: number) => {
  const row = await db
    .selectFrom('statuses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const insertStatus = (
  db: Db,
  values: { projectId: number; name: string; nameKey: string; isDefault: boolean; now: string },
) =>
  db
    .insertInto('statuses')
    .values({
      project_id: values.projectId,
      name: values.name,
      name_key: values.nameKey,
      is_default: values.isDefault ? 1 : 0,
      deposit_goal: 0,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(statusColumns)
    .executeTakeFirstOrThrow();

export const updateStatusFields = (
  db: Db,
  projectId: number,
  id: number,
  values: { name?: string; name_key?: string; deposit_goal?: number; updated_at: string },
) =>
  db
    .updateTable('statuses')
    .set(values)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returning(statusColumns)
    .executeTakeFirstOrThrow();

/** Clears the old default before a new one is set: the partial unique index allows only one. */
export const clearDefaultStatus = (db: Db, projectId: number) =>
  db
    .updateTable('statuses')
    .set({ is_default: 0 })
    .where('project_id', '=', projectId)
    .where('is_default', '=', 1)
    .execute();

export const markDefaultStatus = (db: Db, projectId: number, id: number) =>
  db
    .updateTable('statuses')
    .set({ is_default: 1 })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();

export const deleteStatusRow = (db: Db, projectId: number, id: number) =>
  db.deleteFrom('statuses').where('project_id', '=', projectId).where('id', '=', id).execute();

export const findDefaultStatus = (db: Db, projectId: number) =>
  db
    .selectFrom('statuses')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .where('is_default', '=', 1)
    .executeTakeFirst();

/** The status that becomes default when the default one is deleted: the oldest left. */
export const findOldestStatus = (db: Db, projectId: number) =>
  db
    .selectFrom('statuses')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/** Moves the members on one status to another (or to none); answers how many moved. */
export const moveMembersToStatus = async (db: Db, projectId: number, fromId: number, toId: number | null) => {
  const result = await db
    .updateTable('project_members')
    .set({ status_id: toId })
    .where('project_id', '=', projectId)
    .where('status_id', '=', fromId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

export const listGoals = (db: Db, projectId: number, statusId: number) =>
  db
    .selectFrom('status_goals')
    .select(['client_category_id', 'goal'])
    .where('project_id', '=', projectId)
    .where('status_id', '=', statusId)
    .orderBy('client_category_id')
    .execute();

export const upsertGoal = (
  db: Db,
  projectId: number,
  statusId: number,
  clientCategoryId: number,
  goal: number,
) =>
  db
    .insertInto('status_goals')
    .values({ project_id: projectId, status_id: statusId, client_category_id: clientCategoryId, goal })
    .onConflict((oc) => oc.columns(['status_id', 'client_category_id']).doUpdateSet({ goal }))
    .execute();

export const deleteGoals = (db: Db, projectId: number, statusId: number) =>
  db
    .deleteFrom('status_goals')
    .where('project_id', '=', projectId)
    .where('status_id', '=', statusId)
    .execute();

/** The goals set for a client category, gone with it. */
export const deleteCategoryGoals = (db: Db, projectId: number, categoryId: number) =>
  db
    .deleteFrom('status_goals')
    .where('project_id', '=', projectId)
    .where('client_category_id', '=', categoryId)
    .execute();
