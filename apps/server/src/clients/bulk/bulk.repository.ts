import { sql, type Updateable } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import { searchConditions, type ClientSearch } from '../search/search.repository.js';
import type { ClientBulkActionsTable } from './bulk.tables.js';
import './bulk.tables.js';
import '../clients.tables.js';
import { leaseRow, renewLease } from '../work-lease.repository.js';

type BulkPatch = Omit<Updateable<ClientBulkActionsTable>, 'id' | 'project_id' | 'created_by' | 'created_at'>;

const bulkColumns = [
  'id',
  'project_id',
  'created_by',
  'impersonator_id',
  'role',
  'action',
  'payload',
  'status',
  'total',
  'done',
  'skipped',
  'problem',
  'locked_by',
  'locked_until',
  'created_at',
  'updated_at',
  'finished_at',
] as const;

export type BulkRow = NonNullable<Awaited<ReturnType<typeof findBulkById>>>;

export const findBulkById = (db: Db, id: number) =>
  db.selectFrom('client_bulk_actions').select(bulkColumns).where('id', '=', id).executeTakeFirst();

/** A bulk action of the project started by this person (nobody else follows it). */
export const findBulk = (db: Db, projectId: number, id: number, userId: number) =>
  db
    .selectFrom('client_bulk_actions')
    .select(bulkColumns)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('created_by', '=', userId)
    .executeTakeFirst();

export const listRunningBulks = (db: Db, projectId: number, userId: number) =>
  db
    .selectFrom('client_bulk_actions')
    .select(bulkColumns)
    .where('project_id', '=', projectId)
    .where('created_by', '=', userId)
    .where('status', '=', 'running')
    .orderBy('id')
    .execute();

export const insertBulk = (
  db: Db,
  v: {
    project_id: number;
    created_by: number;
    impersonator_id: number | null;
    role: ClientBulkActionsTable['role'];
    action: ClientBulkActionsTable['action'];
    payload: string;
    total: number;
    now: string;
  },
) =>
  db
    .insertInto('client_bulk_actions')
    .values({
      project_id: v.project_id,
      created_by: v.created_by,
      impersonator_id: v.impersonator_id,
      role: v.role,
      action: v.action,
      payload: v.payload,
      status: 'running',
      total: v.total,
      problem: null,
      locked_by: null,
      locked_until: null,
      created_at: v.now,
      updated_at: v.now,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateBulk = (db: Db, id: number, patch: BulkPatch) =>
  db.updateTable('client_bulk_actions').set(patch).where('id', '=', id).execute();

/** Counts a committed batch (inside its transaction, so a worker taking over never counts it twice). */
export const countBatch = (db: Db, id: number, done: number, skipped: number, now: string) =>
  db
    .updateTable('client_bulk_actions')
    .set((eb) => ({
      done: eb('done', '+', done),
      skipped: eb('skipped', '+', skipped),
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();

export async function insertBulkItems(db: Db, bulkId: number, clientIds: number[]) {
  for (let i = 0; i < clientIds.length; i += 500) {
    await db
      .insertInto('client_bulk_items')
      .values(clientIds.slice(i, i + 500).map((client_id) => ({ bulk_id: bulkId, client_id })))
      .execute();
  }
}

/** The next clients not yet acted on, by id (every batch locks its clients in one order). */
export const nextBulkItems = async (db: Db, bulkId: number, limit: number) =>
  (
    await db
      .selectFrom('client_bulk_items')
      .select('client_id')
      .where('bulk_id', '=', bulkId)
      .where('done', '=', 0)
      .orderBy('client_id')
      .limit(limit)
      .execute()
  ).map((r) => r.client_id);

export const markItemsDone = (db: Db, bulkId: number, clientIds: number[]) =>
  db
    .updateTable('client_bulk_items')
    .set({ done: 1 })
    .where('bulk_id', '=', bulkId)
    .where('client_id', 'in', clientIds)
    .execute();

export const deleteBulk = (db: Db, id: number) =>
  db.deleteFrom('client_bulk_actions').where('id', '=', id).execute();

// ---- the work a worker takes ----------------------------------------------------------------

export const bulksToWork = (db: Db) =>
  db
    .selectFrom('client_bulk_actions')
    .select(['id', 'locked_by', 'locked_until'])
    .where('status', '=', 'running')
    .orderBy('id')
    .execute();

export const leaseBulk = (db: Db, id: number, holder: string, at: string, until: string, takeOver: string | null) =>
  leaseRow(db, 'client_bulk_actions', { id, holder, at, until, takeOver, status: 'running' });

export const renewBulkLease = (db: Db, id: number, holder: string, until: string) =>
  renewLease(db, 'client_bulk_actions', id, holder, until);

// ---- which clients ---------------------------------------------------------------------------

/** Of these ids, those of the project's clients in reach (a manager's own). */
export async function reachableClientIds(db: Db, projectId: number, ids: number[], scope: number | null) {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    let query = db
      .selectFrom('clients')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', 'in', ids.slice(i, i + 500));
    if (scope !== null) query = query.where('manager_id', '=', scope);
    for (const row of await query.execute()) found.add(row.id);
  }
  return found;
}

/** Every client the search finds, by id. */
export async function matchingClientIds(db: Db, dialect: Dialect, s: ClientSearch) {
  let query = db.selectFrom('clients as c').select(sql<number>`c.id`.as('id'));
  for (const condition of searchConditions(dialect, s)) query = query.where(condition);
  return (await query.orderBy('c.id').execute()).map((r) => Number(r.id));
}
