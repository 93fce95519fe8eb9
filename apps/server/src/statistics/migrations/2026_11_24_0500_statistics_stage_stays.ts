import { sql } from 'kysely';
import { withId, type AnyDb } from '../../db/migrations/helpers.js';

/**
 * Each stay of a client in a pipeline stage: when it entered, whose client it was then, and,
 * once it left, when and after how many seconds. The funnel counts entries, the time in stage
 * reads the seconds, the goals count entries per manager: all grouped queries over the two
 * covering indexes below. Clients that exist now start with a stay in their current stage.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('client_stage_stays'))
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('manager_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('entered_at', 'text', (c) => c.notNull())
    .addColumn('left_at', 'text')
    .addColumn('seconds', 'integer')
    .execute();
  await db.schema
    .createIndex('client_stage_stays_entered_idx')
    .on('client_stage_stays')
    .columns(['project_id', 'entered_at', 'manager_id', 'category_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('client_stage_stays_left_idx')
    .on('client_stage_stays')
    .columns(['project_id', 'left_at', 'manager_id', 'category_id', 'seconds'])
    .execute();
  await db.schema
    .createIndex('client_stage_stays_client_idx')
    .on('client_stage_stays')
    .columns(['client_id', 'left_at'])
    .execute();
  await sql`
    insert into client_stage_stays (project_id, client_id, manager_id, category_id, entered_at)
    select project_id, id, manager_id, category_id, category_entered_at from clients
  `.execute(db);
  // The statistics count reminders by the day they ended, per manager and status.
  await db.schema
    .createIndex('client_reminders_ended_idx')
    .on('client_reminders')
    .columns(['project_id', 'status_changed_at', 'manager_id', 'status'])
    .execute();
}
