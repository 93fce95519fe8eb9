import { sql } from 'kysely';
import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/** Client categories (the pipeline), their hints, and the clients in them. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('client_categories'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The name folded to lower case by the server (SQLite's lower() knows only ASCII).
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('next_category_id', 'integer', (c) => c.references('client_categories.id').onDelete('set null'))
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('client_categories_project_name_uq', ['project_id', 'name_key'])
    .execute();
  await db.schema
    .createIndex('client_categories_project_position_idx')
    .on('client_categories')
    .columns(['project_id', 'position'])
    .execute();
  await db.schema
    .createIndex('client_categories_next_idx')
    .on('client_categories')
    .column('next_category_id')
    .execute();
  // The scheduler's pass reads only the categories whose clients move on by themselves.
  await db.schema
    .createIndex('client_categories_progress_idx')
    .on('client_categories')
    .column('next_category_id')
    .where(sql.ref('duration'), '>', 0)
    .execute();

  // type_id names a row of another table per type (a category, a form field option): no foreign
  // key; the owner of that row deletes its clue with it.
  await withId(db, db.schema.createTable('clues'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('type_id', 'integer', (c) => c.notNull())
    .addColumn('clue', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('clues_one_per_target_uq', ['project_id', 'type', 'type_id'])
    .execute();

  await withId(db, db.schema.createTable('clients'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('manager_id', 'integer', (c) => c.notNull().references('users.id'))
    // A category with clients cannot be deleted (the service says so; the key makes sure).
    .addColumn('category_id', 'integer', (c) => c.notNull().references('client_categories.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('traffic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category_entered_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The lists: per category or all, for an admin or for one manager, newest first.
  await db.schema
    .createIndex('clients_project_created_idx')
    .on('clients')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('clients_project_category_created_idx')
    .on('clients')
    .columns(['project_id', 'category_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('clients_project_manager_created_idx')
    .on('clients')
    .columns(['project_id', 'manager_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('clients_project_manager_category_created_idx')
    .on('clients')
    .columns(['project_id', 'manager_id', 'category_id', 'created_at'])
    .execute();
  // Automatic progression: who has been in a category since when (also "does it have clients").
  await db.schema
    .createIndex('clients_category_entered_idx')
    .on('clients')
    .columns(['category_id', 'category_entered_at'])
    .execute();
}
