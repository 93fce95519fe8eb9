import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/** Notes on clients: a client's go with it; read newest first per client. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('client_notes'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_notes_client_created_idx')
    .on('client_notes')
    .columns(['client_id', 'created_at desc', 'id desc'])
    .execute();
}
