import { type AnyDb, withId } from './helpers.js';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('email_verified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('access_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('project_id', 'integer')
    .addColumn('impersonator_id', 'integer')
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_tokens_user_idx').on('access_tokens').column('user_id').execute();

  await withId(db, db.schema.createTable('projects'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('project_members'))
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('project_members_project_user_uq', ['project_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('project_members_user_idx')
    .on('project_members')
    .column('user_id')
    .execute();
}
