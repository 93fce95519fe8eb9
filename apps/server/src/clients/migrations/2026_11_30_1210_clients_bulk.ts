import { withId, type AnyDb } from '../../db/migrations/helpers.js';

/** Bulk actions on clients and the clients each acts on (bulk/bulk.tables.ts). */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('client_bulk_actions'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('impersonator_id', 'integer')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('problem', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('client_bulk_actions_status_idx')
    .on('client_bulk_actions')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('client_bulk_actions_creator_idx')
    .on('client_bulk_actions')
    .columns(['project_id', 'created_by', 'status'])
    .execute();

  await db.schema
    .createTable('client_bulk_items')
    .addColumn('bulk_id', 'integer', (c) =>
      c.notNull().references('client_bulk_actions.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('client_bulk_items_pk', ['bulk_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('client_bulk_items_todo_idx')
    .on('client_bulk_items')
    .columns(['bulk_id', 'done', 'client_id'])
    .execute();
}
