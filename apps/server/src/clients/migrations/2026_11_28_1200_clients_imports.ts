import { isPostgres, withId, type AnyDb } from '../../db/migrations/helpers.js';

/** Imports of clients, their files, what they changed and their bad rows (import/import.tables.ts). */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('client_imports'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('encoding', 'text')
    .addColumn('delimiter', 'text')
    .addColumn('sheets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sheet', 'text')
    .addColumn('columns', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('default_category_id', 'integer')
    .addColumn('default_manager_id', 'integer')
    .addColumn('duplicates', 'text', (c) => c.notNull().defaultTo('skip'))
    .addColumn('start_scenarios', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unknown_options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer')
    .addColumn('checked', 'text')
    .addColumn('done', 'text')
    .addColumn('problem', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('client_imports_project_idx')
    .on('client_imports')
    .columns(['project_id', 'id'])
    .execute();
  await db.schema.createIndex('client_imports_status_idx').on('client_imports').column('status').execute();

  await db.schema
    .createTable('client_import_chunks')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('client_imports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_import_chunks_pk', ['import_id', 'seq'])
    .execute();

  await db.schema
    .createTable('client_import_changes')
    .addColumn('import_id', 'integer', (c) => c.notNull().references('client_imports.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('written_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_import_changes_import_idx')
    .on('client_import_changes')
    .columns(['import_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('client_import_changes_client_idx')
    .on('client_import_changes')
    .column('client_id')
    .execute();

  // The import a client came from (null: added by a person): statistics tell imported clients
  // from new ones, and the client's history shows the import's entry.
  await db.schema
    .alterTable('clients')
    .addColumn('import_id', 'integer', (c) => c.references('client_imports.id').onDelete('set null'))
    .execute();

  await withId(db, db.schema.createTable('client_import_errors'))
    .addColumn('import_id', 'integer', (c) => c.notNull().references('client_imports.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('column_title', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_import_errors_import_idx')
    .on('client_import_errors')
    .columns(['import_id', 'row_number'])
    .execute();
}
