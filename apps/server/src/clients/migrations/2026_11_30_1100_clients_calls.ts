import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/** Logged calls on clients: a client's go with it; read by id from his history's entries. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('client_calls'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('called_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_calls_client_called_idx')
    .on('client_calls')
    .columns(['client_id', 'called_at desc', 'id desc'])
    .execute();
}
