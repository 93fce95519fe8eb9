import { sql } from 'kysely';
import { withId, type AnyDb } from '../../db/migrations/helpers.js';

/**
 * Each stay of a client in a pipeline stage: when it entered, whose client it was then, whether
 * it was his first time there, and, once it left, when and after how many seconds. The funnel
 * and the goals count first entries, the time in stage reads the seconds. Their indexes lead
 * with what the queries list (stages, managers), so each count is a few range scans read in
 * group order, with no sort. Clients that exist now start with a stay in their current stage.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('client_stage_stays'))
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('manager_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    /** 1: the client's first stay in this stage. */
    .addColumn('first_entry', 'integer', (c) => c.notNull())
    .addColumn('entered_at', 'text', (c) => c.notNull())
    .addColumn('left_at', 'text')
    .addColumn('seconds', 'integer')
    .execute();
  await db.schema
    .createIndex('client_stage_stays_funnel_idx')
    .on('client_stage_stays')
    .columns(['project_id', 'first_entry', 'category_id', 'entered_at'])
    .execute();
  await db.schema
    .createIndex('client_stage_stays_goals_idx')
    .on('client_stage_stays')
    .columns(['project_id', 'first_entry', 'manager_id', 'category_id', 'entered_at'])
    .execute();
  await db.schema
    .createIndex('client_stage_stays_left_idx')
    .on('client_stage_stays')
    .columns(['project_id', 'left_at', 'manager_id', 'category_id', 'seconds'])
    .execute();
  await db.schema
    .createIndex('client_stage_stays_client_idx')
    .on('client_stage_stays')
    .columns(['client_id', 'category_id'])
    .execute();
  await sql`
    insert into client_stage_stays (project_id, client_id, manager_id, category_id, first_entry, entered_at)
    select project_id, id, manager_id, category_id, 1, category_entered_at from clients
  `.execute(db);
  // The statistics count reminders by the day they ended, per manager and status.
  await db.schema
    .createIndex('client_reminders_ended_idx')
    .on('client_reminders')
    .columns(['project_id', 'manager_id', 'status', 'status_changed_at'])
    .execute();
}
