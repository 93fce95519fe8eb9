import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/**
 * Lead forms for a team's website. Each acts through its own technical user (`user_id`: the
 * history names it 'Форма «…»'); `public_key` is in the site's page; `token_secret` signs the
 * moment a form was shown (the least fill time); `rotation_last` is the manager who got the last
 * client when managers take turns. docs/decisions.md, "Lead forms".
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('lead_forms'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull().unique())
    .addColumn('token_secret', 'text', (c) => c.notNull())
    .addColumn('field_ids', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('manager_rule', 'text', (c) => c.notNull())
    .addColumn('manager_id', 'integer')
    .addColumn('rotation_last', 'integer')
    .addColumn('thank_you', 'text', (c) => c.notNull())
    .addColumn('origins', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_forms_project_idx').on('lead_forms').column('project_id').execute();
}
