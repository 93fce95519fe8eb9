import type { Db } from '../../db/database.js';
import './views.tables.js';

const viewColumns = [
  'v.id',
  'v.project_id',
  'v.owner_id',
  'u.name as owner_name',
  'v.name',
  'v.shared',
  'v.filters',
  'v.columns',
  'v.sort',
  'v.direction',
  'v.created_at',
  'v.updated_at',
] as const;

const viewsWithOwner = (db: Db) =>
  db.selectFrom('client_views as v').innerJoin('users as u', 'u.id', 'v.owner_id').select(viewColumns);

export type ClientViewRow = NonNullable<Awaited<ReturnType<typeof findView>>>;

/** The views a member sees: his own and the team's shared ones, shared first, then in the order they were made. */
export const listViews = (db: Db, projectId: number, userId: number) =>
  viewsWithOwner(db)
    .where('v.project_id', '=', projectId)
    .where((eb) => eb.or([eb('v.owner_id', '=', userId), eb('v.shared', '=', 1)]))
    .orderBy('v.shared', 'desc')
    .orderBy('v.id')
    .execute();

/** A view of the project that `userId` sees (his own, or shared). */
export const findView = (db: Db, projectId: number, id: number, userId: number) =>
  viewsWithOwner(db)
    .where('v.project_id', '=', projectId)
    .where('v.id', '=', id)
    .where((eb) => eb.or([eb('v.owner_id', '=', userId), eb('v.shared', '=', 1)]))
    .executeTakeFirst();

export type ViewValues = {
  name: string;
  shared: number;
  filters: string;
  columns: string;
  sort: string;
  direction: 'asc' | 'desc';
};

export const insertView = (db: Db, v: ViewValues & { projectId: number; ownerId: number; now: string }) =>
  db
    .insertInto('client_views')
    .values({
      project_id: v.projectId,
      owner_id: v.ownerId,
      name: v.name,
      shared: v.shared,
      filters: v.filters,
      columns: v.columns,
      sort: v.sort,
      direction: v.direction,
      created_at: v.now,
      updated_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateView = (db: Db, projectId: number, id: number, v: ViewValues & { now: string }) =>
  db
    .updateTable('client_views')
    .set({
      name: v.name,
      shared: v.shared,
      filters: v.filters,
      columns: v.columns,
      sort: v.sort,
      direction: v.direction,
      updated_at: v.now,
    })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();

export const deleteView = (db: Db, projectId: number, id: number) =>
  db.deleteFrom('client_views').where('project_id', '=', projectId).where('id', '=', id).execute();
