import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import type { ImportStatus } from '@crm/contract';
import type { Updateable } from 'kysely';
import type { ClientImportsTable } from './import.tables.js';
import './import.tables.js';
import '../clients.tables.js';
import '../form/form.tables.js';
import { leaseRow, renewLease } from '../work-lease.repository.js';

type ImportPatch = Omit<Updateable<ClientImportsTable>, 'id' | 'project_id' | 'created_by' | 'created_at'>;

const importColumns = [
  'i.id',
  'i.project_id',
  'i.created_by',
  'u.name as created_by_name',
  'i.file_name',
  'i.format',
  'i.size',
  'i.encoding',
  'i.delimiter',
  'i.sheets',
  'i.sheet',
  'i.columns',
  'i.default_category_id',
  'i.default_manager_id',
  'i.duplicates',
  'i.start_scenarios',
  'i.unknown_options',
  'i.status',
  'i.position',
  'i.rows_total',
  'i.checked',
  'i.done',
  'i.problem',
  'i.locked_by',
  'i.locked_until',
  'i.created_at',
  'i.updated_at',
  'i.finished_at',
] as const;

const importsWithAuthor = (db: Db) =>
  db.selectFrom('client_imports as i').innerJoin('users as u', 'u.id', 'i.created_by').select(importColumns);

export type ImportRow = Awaited<ReturnType<typeof findImport>> & object;

export const insertImport = (
  db: Db,
  v: { projectId: number; createdBy: number; fileName: string; format: 'csv' | 'xlsx'; now: string },
) =>
  db
    .insertInto('client_imports')
    .values({
      project_id: v.projectId,
      created_by: v.createdBy,
      file_name: v.fileName,
      format: v.format,
      size: 0,
      status: 'uploaded',
      created_at: v.now,
      updated_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const findImport = (db: Db, projectId: number, id: number) =>
  importsWithAuthor(db).where('i.project_id', '=', projectId).where('i.id', '=', id).executeTakeFirst();

export const findImportById = (db: Db, id: number) =>
  importsWithAuthor(db).where('i.id', '=', id).executeTakeFirst();

/** The project's imports, newest first. */
export const listImports = (db: Db, projectId: number, limit: number) =>
  importsWithAuthor(db).where('i.project_id', '=', projectId).orderBy('i.id', 'desc').limit(limit).execute();

/** Changes the import; with `from`, only while it is in one of those statuses (answers whether it was). */
export async function updateImport(
  db: Db,
  id: number,
  patch: ImportPatch,
  from?: readonly ImportStatus[],
): Promise<boolean> {
  let query = db.updateTable('client_imports').set(patch).where('id', '=', id);
  if (from) query = query.where('status', 'in', [...from]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const deleteImport = (db: Db, projectId: number, id: number) =>
  db.deleteFrom('client_imports').where('project_id', '=', projectId).where('id', '=', id).execute();

/** Whether another import of the project is running now. */
export const projectHasRunningImport = async (db: Db, projectId: number, exceptId: number) =>
  (await db
    .selectFrom('client_imports')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '!=', exceptId)
    .where('status', 'in', ['running', 'cancelling', 'undoing'])
    .executeTakeFirst()) !== undefined;

// ---- the work a worker takes ----------------------------------------------------------------

/**
 * Imports with work to do: a check, a run, an undo (held or not: the job tells a live holder from
 * a gone one); and queued runs whose project runs nothing else (the oldest first).
 */
export const importsToWork = (db: Db) =>
  db
    .selectFrom('client_imports as i')
    .select(['i.id', 'i.project_id', 'i.status', 'i.locked_by', 'i.locked_until'])
    .where((eb) =>
      eb.or([
        eb('i.status', 'in', ['checking', 'running', 'cancelling', 'undoing']),
        eb.and([
          eb('i.status', '=', 'queued'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('client_imports as o')
                .select('o.id')
                .whereRef('o.project_id', '=', 'i.project_id')
                .where('o.status', 'in', ['running', 'cancelling', 'undoing']),
            ),
          ),
        ]),
      ]),
    )
    .orderBy('i.id')
    .execute();

/** Takes the import for `holder` until `until`, if no one else holds it (a conditional UPDATE). */
export const leaseImport = (db: Db, id: number, holder: string, at: string, until: string, takeOver: string | null) =>
  leaseRow(db, 'client_imports', { id, holder, at, until, takeOver });

export const renewImportLease = (db: Db, id: number, holder: string, until: string) =>
  renewLease(db, 'client_imports', id, holder, until);

// ---- the file --------------------------------------------------------------------------------

export const appendFileChunk = (db: Db, importId: number, seq: number, data: Buffer) =>
  db.insertInto('client_import_chunks').values({ import_id: importId, seq, data }).execute();

export const fileChunk = async (db: Db, importId: number, seq: number) =>
  (
    await db
      .selectFrom('client_import_chunks')
      .select('data')
      .where('import_id', '=', importId)
      .where('seq', '=', seq)
      .executeTakeFirst()
  )?.data ?? null;

export const deleteFileChunks = (db: Db, importId: number) =>
  db.deleteFrom('client_import_chunks').where('import_id', '=', importId).execute();

// ---- bad rows --------------------------------------------------------------------------------

export const clearImportErrors = (db: Db, importId: number) =>
  db.deleteFrom('client_import_errors').where('import_id', '=', importId).execute();

export async function insertImportErrors(
  db: Db,
  importId: number,
  errors: { row: number; column: string | null; message: string }[],
) {
  for (let i = 0; i < errors.length; i += 500) {
    await db
      .insertInto('client_import_errors')
      .values(
        errors.slice(i, i + 500).map((e) => ({
          import_id: importId,
          row_number: e.row,
          column_title: e.column,
          message: e.message,
        })),
      )
      .execute();
  }
}

/** Bad rows in the file's order, past row `after`. */
export const importErrorsAfter = (db: Db, importId: number, after: number, limit: number) =>
  db
    .selectFrom('client_import_errors')
    .select(['row_number', 'column_title', 'message'])
    .where('import_id', '=', importId)
    .where('row_number', '>', after)
    .orderBy('row_number')
    .orderBy('id')
    .limit(limit)
    .execute();

// ---- the project as a row is checked against --------------------------------------------------

/** The project's members with their emails (a manager column names one by email or name). */
export const membersWithEmails = (db: Db, projectId: number) =>
  db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email'])
    .where('m.project_id', '=', projectId)
    .execute();

export const isProjectMember = async (db: Db, projectId: number, userId: number) =>
  (await db
    .selectFrom('project_members')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

// ---- writing clients in batches ----------------------------------------------------------------

export type NewClientRow = {
  project_id: number;
  import_id: number;
  manager_id: number;
  category_id: number;
  name: string;
  last_name: string;
  amount: number;
  traffic: number;
  name_key: string;
  last_name_key: string;
  search_text: string;
  category_entered_at: string;
  created_at: string;
  updated_at: string;
};

/**
 * Inserts a batch of clients and answers their ids in the batch's order. PostgreSQL: one
 * statement, whose RETURNING gives the rows in the VALUES' order; SQLite: a statement per client
 * (in-process calls, no round trips), since its RETURNING order is not promised.
 */
export async function insertClientRows(db: Db, dialect: Dialect, rows: NewClientRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  if (dialect === 'postgres') {
    const inserted = await db.insertInto('clients').values(rows).returning('id').execute();
    return inserted.map((r) => r.id);
  }
  const ids: number[] = [];
  for (const row of rows)
    ids.push((await db.insertInto('clients').values(row).returning('id').executeTakeFirstOrThrow()).id);
  return ids;
}

export async function insertFieldValueRows(
  db: Db,
  rows: { project_id: number; client_id: number; field_id: number; value: string }[],
) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('client_field_values')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

export async function insertNoteRows(
  db: Db,
  rows: { project_id: number; client_id: number; author_id: number; note: string; created_at: string }[],
) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('client_notes')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

/** The option ids a select field has, by folded name, to add the admin's new ones after them. */
export const lastOptionPosition = async (db: Db, fieldId: number) =>
  Number(
    (
      await db
        .selectFrom('client_form_field_options')
        .select(sql<number>`coalesce(max(position), -1)`.as('p'))
        .where('field_id', '=', fieldId)
        .executeTakeFirstOrThrow()
    ).p,
  );

// ---- what a run changed, for the undo -------------------------------------------------------

export async function insertImportChanges(
  db: Db,
  rows: {
    import_id: number;
    client_id: number;
    action: 'created' | 'updated';
    before: string | null;
    written_at: string;
  }[],
) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('client_import_changes')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** The run's changes by client, each client's in the order they were written. */
export const importChanges = (db: Db, importId: number, limit: number) =>
  db
    .selectFrom('client_import_changes')
    .select(['client_id', 'action', 'before', 'written_at'])
    .where('import_id', '=', importId)
    .orderBy('client_id')
    .orderBy('written_at')
    .limit(limit)
    .execute();

/**
 * How many of the clients the run wrote have changed since: their updated_at is past the run's
 * last write to them (a client the run created and then filled from a later row counts from the
 * later write).
 */
export const clientsChangedSince = async (db: Db, importId: number) =>
  Number(
    (
      await db
        .selectFrom(
          db
            .selectFrom('client_import_changes')
            .select(['client_id', (eb) => eb.fn.max('written_at').as('written_at')])
            .where('import_id', '=', importId)
            .groupBy('client_id')
            .as('ch'),
        )
        .innerJoin('clients as c', 'c.id', 'ch.client_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .whereRef('c.updated_at', '>', 'ch.written_at')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Forgets what the undo has put back. */
export const deleteImportChangesOf = (db: Db, importId: number, clientIds: number[]) =>
  db
    .deleteFrom('client_import_changes')
    .where('import_id', '=', importId)
    .where('client_id', 'in', clientIds)
    .execute();

/** Clients with one of these folded full names (a contactless row's duplicate key). */
export async function clientsWithFullNames(
  db: Db,
  projectId: number,
  names: { lastName: string; name: string }[],
) {
  const found: { id: number; name_key: string; last_name_key: string }[] = [];
  for (let i = 0; i < names.length; i += 200) {
    const slice = names.slice(i, i + 200);
    if (slice.length === 0) continue;
    found.push(
      ...(await db
        .selectFrom('clients')
        .select(['id', 'name_key', 'last_name_key'])
        .where('project_id', '=', projectId)
        .where((eb) =>
          eb.or(
            slice.map((n) => eb.and([eb('last_name_key', '=', n.lastName), eb('name_key', '=', n.name)])),
          ),
        )
        .execute()),
    );
  }
  return found;
}

/** The clients an import updates, with the values an update may change. */
export const clientsToUpdate = (db: Db, projectId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('clients')
        .select(['id', 'name', 'last_name', 'amount', 'traffic', 'manager_id'])
        .where('project_id', '=', projectId)
        .where('id', 'in', ids)
        .execute();
