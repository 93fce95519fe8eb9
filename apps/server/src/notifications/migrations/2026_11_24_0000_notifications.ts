import { sql } from 'kysely';
import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/** A person's notifications in a project; the bell counts the unread ones (a partial index). */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_project_created_idx')
    .on('notifications')
    .columns(['user_id', 'project_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_unread_idx')
    .on('notifications')
    .columns(['user_id', 'project_id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}
