import { sql } from 'kysely';
import { type AnyDb, withId } from './helpers.js';

/** Team: manager statuses and their goals, invitations, and the history of actions. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('statuses'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The name folded to lower case by the server (SQLite's lower() knows only ASCII).
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deposit_goal', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('statuses_project_name_uq', ['project_id', 'name_key'])
    .execute();
  // At most one default status per project, whatever the code above it does.
  await db.schema
    .createIndex('statuses_one_default_uq')
    .on('statuses')
    .column('project_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  // Client categories arrive with their own issue: no foreign key to them yet; that issue
  // deletes a category's goals with the category.
  await db.schema
    .createTable('status_goals')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('status_id', 'integer', (c) => c.notNull().references('statuses.id').onDelete('cascade'))
    .addColumn('client_category_id', 'integer', (c) => c.notNull())
    .addColumn('goal', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('status_goals_pk', ['status_id', 'client_category_id'])
    .execute();
  await db.schema
    .createIndex('status_goals_category_idx')
    .on('status_goals')
    .columns(['project_id', 'client_category_id'])
    .execute();
  await db.schema
    .createIndex('project_members_status_idx')
    .on('project_members')
    .columns(['project_id', 'status_id'])
    .execute();

  await withId(db, db.schema.createTable('invitations'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // pending | accepted | revoked | expired
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invitations_project_status_idx')
    .on('invitations')
    .columns(['project_id', 'status', 'created_at'])
    .execute();
  // One pending invitation per address and project (the service also says so with a 422).
  await db.schema
    .createIndex('invitations_one_pending_uq')
    .on('invitations')
    .columns(['project_id', 'email'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await withId(db, db.schema.createTable('history_events'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // Null for what the server does by itself (the scheduler's automatic moves).
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The admin acting through a manager's account, when he is.
    .addColumn('impersonator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('history_events_project_time_idx')
    .on('history_events')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('history_events_project_actor_idx')
    .on('history_events')
    .columns(['project_id', 'actor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('history_events_project_kind_idx')
    .on('history_events')
    .columns(['project_id', 'kind', 'created_at'])
    .execute();
}
