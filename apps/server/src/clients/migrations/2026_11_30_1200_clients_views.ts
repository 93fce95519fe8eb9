import { withId, type AnyDb } from '../../db/migrations/helpers.js';

/**
 * Saved views of the client list (views/views.tables.ts), and the indexes the list's sorts and
 * the board's totals read (list/list.repository.ts).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('client_views'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('filters', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('columns', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_views_project_owner_idx')
    .on('client_views')
    .columns(['project_id', 'owner_id'])
    .execute();

  // The board's column totals: each stage's count and sum of amounts read from the index alone,
  // for the project and for one manager (list/list.repository.ts columnTotals).
  await db.schema
    .createIndex('clients_project_category_amount_idx')
    .on('clients')
    .columns(['project_id', 'category_id', 'amount'])
    .execute();
  await db.schema
    .createIndex('clients_project_manager_category_amount_idx')
    .on('clients')
    .columns(['project_id', 'manager_id', 'category_id', 'amount'])
    .execute();
}
