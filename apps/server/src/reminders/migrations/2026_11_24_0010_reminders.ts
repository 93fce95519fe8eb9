import { sql } from 'kysely';
import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/**
 * Reminder scenarios (templates) and client reminders with their checklists and articles.
 * A scenario's event is a category (`category_id`) or a select option (`option_id`): each goes
 * with what it names. A reminder goes with its client; the scheduler finds due work through two
 * partial indexes on pending reminders.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('reminder_templates'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.references('client_categories.id').onDelete('cascade'))
    .addColumn('option_id', 'integer', (c) =>
      c.references('client_form_field_options.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('schedule_for', 'integer', (c) => c.notNull())
    .addColumn('remind_before', 'integer', (c) => c.notNull())
    .addColumn('tasks', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reminder_templates_category_idx')
    .on('reminder_templates')
    .columns(['category_id', 'position'])
    .execute();
  await db.schema
    .createIndex('reminder_templates_option_idx')
    .on('reminder_templates')
    .columns(['option_id', 'position'])
    .execute();
  await db.schema
    .createIndex('reminder_templates_project_idx')
    .on('reminder_templates')
    .columns(['project_id'])
    .execute();

  await db.schema
    .createTable('reminder_template_posts')
    .addColumn('template_id', 'integer', (c) =>
      c.notNull().references('reminder_templates.id').onDelete('cascade'),
    )
    .addColumn('post_id', 'integer', (c) => c.notNull().references('knowledge_posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_template_posts_pk', ['template_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('reminder_template_posts_post_idx')
    .on('reminder_template_posts')
    .column('post_id')
    .execute();

  await withId(db, db.schema.createTable('client_reminders'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('manager_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('template_id', 'integer', (c) => c.references('reminder_templates.id').onDelete('set null'))
    .addColumn('trigger_type', 'text')
    .addColumn('trigger_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('completion_date', 'text', (c) => c.notNull())
    .addColumn('remind_before', 'integer')
    .addColumn('notify_at', 'text')
    .addColumn('notified_at', 'text')
    .addColumn('comments', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('rescheduled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tasks_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tasks_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status_changed_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_reminders_manager_due_idx')
    .on('client_reminders')
    .columns(['project_id', 'manager_id', 'completion_date', 'id'])
    .execute();
  await db.schema
    .createIndex('client_reminders_project_due_idx')
    .on('client_reminders')
    .columns(['project_id', 'completion_date', 'id'])
    .execute();
  await db.schema
    .createIndex('client_reminders_client_idx')
    .on('client_reminders')
    .columns(['client_id', 'completion_date'])
    .execute();
  await db.schema
    .createIndex('client_reminders_expiry_idx')
    .on('client_reminders')
    .column('completion_date')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('client_reminders_notify_idx')
    .on('client_reminders')
    .column('notify_at')
    .where(sql<boolean>`status = 'pending' and notified_at is null and notify_at is not null`)
    .execute();

  await withId(db, db.schema.createTable('client_reminder_tasks'))
    .addColumn('reminder_id', 'integer', (c) =>
      c.notNull().references('client_reminders.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('client_reminder_tasks_reminder_idx')
    .on('client_reminder_tasks')
    .columns(['reminder_id', 'position'])
    .execute();

  await db.schema
    .createTable('client_reminder_posts')
    .addColumn('reminder_id', 'integer', (c) =>
      c.notNull().references('client_reminders.id').onDelete('cascade'),
    )
    .addColumn('post_id', 'integer', (c) => c.notNull().references('knowledge_posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_reminder_posts_pk', ['reminder_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('client_reminder_posts_post_idx')
    .on('client_reminder_posts')
    .column('post_id')
    .execute();
}
