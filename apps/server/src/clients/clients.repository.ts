import type { Db, Dialect } from '../db/database.js';
import './clients.tables.js';
import './form/form.tables.js';

/** A client with its owner's name (every read joins the owner). */
export const clientColumns = [
  'c.id',
  'c.name',
  'c.last_name',
  'c.amount',
  'c.traffic',
  'c.category_id',
  'c.manager_id',
  'u.name as manager_name',
  'c.category_entered_at',
  'c.created_at',
  'c.updated_at',
] as const;

export const clientsWithOwner = (db: Db) =>
  db.selectFrom('clients as c').innerJoin('users as u', 'u.id', 'c.manager_id');

/** A client of the project; with `managerId`, only if he owns it (a manager's scope). */
export const findClient = (db: Db, projectId: number, id: number, managerId: number | null) => {
  let query = clientsWithOwner(db)
    .select(clientColumns)
    .where('c.project_id', '=', projectId)
    .where('c.id', '=', id);
  if (managerId !== null) query = query.where('c.manager_id', '=', managerId);
  return query.executeTakeFirst();
};

/** Clients of the project by id, any manager's, in no order (a webhook's payloads). */
export const findClients = (db: Db, projectId: number, ids: readonly number[]) =>
  clientsWithOwner(db)
    .select(clientColumns)
    .where('c.project_id', '=', projectId)
    .where('c.id', 'in', [...ids])
    .execute();

export type ClientFilter = {
  projectId: number;
  /** null: every client (admins). */
  managerId: number | null;
  categoryId?: number;
  /** Created at or after (ISO UTC). */
  from?: string;
  /** Created before (ISO UTC, exclusive). */
  to?: string;
};

/** The filter on the clients alone: the list indexes answer it without reading a row. */
const filtered = (db: Db, f: ClientFilter) => {
  let query = db.selectFrom('clients as c').where('c.project_id', '=', f.projectId);
  if (f.managerId !== null) query = query.where('c.manager_id', '=', f.managerId);
  if (f.categoryId !== undefined) query = query.where('c.category_id', '=', f.categoryId);
  if (f.from !== undefined) query = query.where('c.created_at', '>=', f.from);
  if (f.to !== undefined) query = query.where('c.created_at', '<', f.to);
  return query;
};

/**
 * Newest first. The page's ids come from an index alone (a deep page skips index entries, not
 * rows); only those rows are then read, with their owners.
 */
export const listClients = (db: Db, f: ClientFilter, limit: number, offset: number) =>
  clientsWithOwner(db)
    .select(clientColumns)
    .where(
      'c.id',
      'in',
      filtered(db, f)
        .select('c.id')
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset),
    )
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();

export const countClients = async (db: Db, f: ClientFilter) => {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const insertClient = (
  db: Db,
  values: {
    projectId: number;
    managerId: number;
    categoryId: number;
    name: string;
    lastName: string;
    amount: number;
    traffic: boolean;
    now: string;
  },
) =>
  db
    .insertInto('clients')
    .values({
      project_id: values.projectId,
      manager_id: values.managerId,
      category_id: values.categoryId,
      name: values.name,
      last_name: values.lastName,
      amount: values.amount,
      traffic: values.traffic ? 1 : 0,
      category_entered_at: values.now,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateClientFields = (
  db: Db,
  projectId: number,
  id: number,
  values: {
    name: string;
    last_name: string;
    amount: number;
    traffic: number;
    manager_id: number;
    updated_at: string;
  },
) => db.updateTable('clients').set(values).where('project_id', '=', projectId).where('id', '=', id).execute();

export const deleteClientRow = (db: Db, projectId: number, id: number) =>
  db.deleteFrom('clients').where('project_id', '=', projectId).where('id', '=', id).execute();

/**
 * Moves a client to another category if it is still where the caller saw it (same category,
 * entered at the same moment): one conditional UPDATE, so of two movers only one succeeds.
 * Answers whether it moved.
 */
export const moveClient = async (
  db: Db,
  move: { id: number; fromCategoryId: number; enteredAt: string; toCategoryId: number; now: string },
) => {
  const result = await db
    .updateTable('clients')
    .set({ category_id: move.toCategoryId, category_entered_at: move.now, updated_at: move.now })
    .where('id', '=', move.id)
    .where('category_id', '=', move.fromCategoryId)
    .where('category_entered_at', '=', move.enteredAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Held clients (rows this transaction locked) into another stage, entered now; answers how many. */
export const moveHeldClientRows = async (
  db: Db,
  projectId: number,
  ids: number[],
  toCategoryId: number,
  now: string,
) => {
  const result = await db
    .updateTable('clients')
    .set({ category_id: toCategoryId, category_entered_at: now, updated_at: now })
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

/** The final amount of won clients (docs/product.md §4.6). */
export const setClientAmount = (db: Db, projectId: number, ids: number[], amount: number, now: string) =>
  db
    .updateTable('clients')
    .set({ amount, updated_at: now })
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute();

/** The clients of a category who entered it at or before `enteredBy`, the longest waiting first. */
export const listDueClients = (db: Db, categoryId: number, enteredBy: string, limit: number) =>
  db
    .selectFrom('clients')
    .select(['id', 'category_entered_at'])
    .where('category_id', '=', categoryId)
    .where('category_entered_at', '<=', enteredBy)
    .orderBy('category_entered_at')
    .orderBy('id')
    .limit(limit)
    .execute();

/** Passes every client of one member to another; answers how many. */
export const handOverClients = async (
  db: Db,
  projectId: number,
  fromUserId: number,
  toUserId: number,
  now: string,
) => {
  const result = await db
    .updateTable('clients')
    .set({ manager_id: toUserId, updated_at: now })
    .where('project_id', '=', projectId)
    .where('manager_id', '=', fromUserId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

/** A member of the project (any role) by user id, with his name. */
export const findMemberName = (db: Db, projectId: number, userId: number) =>
  db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name'])
    .where('m.project_id', '=', projectId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();

/**
 * Reads a client of the project (only his own for a manager) and holds its row until the
 * transaction ends, so a change by a person and an automatic move happen one after the other.
 * Taken after any category lock of the same work (categories first, then clients).
 */
/** What a held client is read with: enough for a move, a reassignment or a deletion. */
const HELD_COLUMNS = [
  'id',
  'name',
  'last_name',
  'amount',
  'traffic',
  'category_id',
  'manager_id',
  'category_entered_at',
] as const;

export const lockClient = (db: Db, projectId: number, id: number, managerId: number | null) => {
  let query = db
    .updateTable('clients')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('project_id', '=', projectId)
    .where('id', '=', id);
  if (managerId !== null) query = query.where('manager_id', '=', managerId);
  return query.returning(HELD_COLUMNS).executeTakeFirst();
};

/**
 * Holds these clients (in `managerId`'s reach when set) for the transaction, as `lockClient` does
 * one: on PostgreSQL their rows are locked in id order (two bulk actions on overlapping clients
 * wait for each other instead of deadlocking); SQLite has one writer at a time. Answers the ones
 * found, by id.
 */
export const lockClients = async (
  db: Db,
  dialect: Dialect,
  projectId: number,
  ids: number[],
  managerId: number | null,
) => {
  if (ids.length === 0) return [];
  let query = db
    .selectFrom('clients')
    .select(HELD_COLUMNS)
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .orderBy('id');
  if (managerId !== null) query = query.where('manager_id', '=', managerId);
  return dialect === 'postgres' ? query.forUpdate().execute() : query.execute();
};

/**
 * A project's clients by id (their names, manager and stage), for other features' lists and
 * sentences: one query; ids not found (another project's, deleted) are left out. Without a
 * project, any project's (the scheduler's passes cross projects).
 */
export const clientsByIds = async (db: Db, ids: readonly number[], projectId?: number) => {
  const unique = [...new Set(ids)];
  type Found = { id: number; name: string; last_name: string; manager_id: number; category_id: number };
  if (unique.length === 0) return new Map<number, Found>();
  let query = db
    .selectFrom('clients')
    .select(['id', 'name', 'last_name', 'manager_id', 'category_id'])
    .where('id', 'in', unique);
  if (projectId !== undefined) query = query.where('project_id', '=', projectId);
  return new Map((await query.execute()).map((row): [number, Found] => [row.id, row]));
};

/** The options a client has chosen in the form's select fields. */
export const chosenOptionIds = async (db: Db, clientId: number) =>
  (
    await db
      .selectFrom('client_field_values as v')
      .innerJoin('client_form_fields as f', 'f.id', 'v.field_id')
      .select('v.value')
      .where('v.client_id', '=', clientId)
      .where('f.type', '=', 'select')
      .execute()
  ).flatMap(({ value }) => (/^\d+$/.test(value) ? [Number(value)] : []));

/** People's names by id (a hand-over's sentence names both sides). */
export const findUserNames = (db: Db, ids: readonly number[]) =>
  db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();

/** The import a client came from, or null (the client's history shows that import's entry). */
export const importOfClient = async (db: Db, projectId: number, clientId: number) =>
  (
    await db
      .selectFrom('clients')
      .select('import_id')
      .where('project_id', '=', projectId)
      .where('id', '=', clientId)
      .executeTakeFirst()
  )?.import_id ?? null;
