import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/** The client form (groups, fields, select options) and the clients' values of its fields. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('client_form_groups'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_form_groups_project_position_idx')
    .on('client_form_groups')
    .columns(['project_id', 'position'])
    .execute();

  await withId(db, db.schema.createTable('client_form_fields'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('client_form_groups.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('placeholder', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_searchable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size_percentage', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_form_fields_project_group_idx')
    .on('client_form_fields')
    .columns(['project_id', 'group_id', 'position'])
    .execute();
  await db.schema.createIndex('client_form_fields_group_idx').on('client_form_fields').column('group_id').execute();

  await withId(db, db.schema.createTable('client_form_field_options'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('client_form_fields.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_form_field_options_field_idx')
    .on('client_form_field_options')
    .columns(['field_id', 'position'])
    .execute();

  // One value per client and field; a select's value is its option's id (as text).
  await withId(db, db.schema.createTable('client_field_values'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c) => c.notNull().references('client_form_fields.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addUniqueConstraint('client_field_values_client_field_uq', ['client_id', 'field_id'])
    .execute();
  await db.schema.createIndex('client_field_values_field_idx').on('client_field_values').column('field_id').execute();
}
