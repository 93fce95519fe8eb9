import type { AnyDb } from '../../db/migrations/helpers.js';

export async function up(db: AnyDb): Promise<void> {
  // One row per job: which instance runs it until when, and when it is due again.
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('next_run_at', 'text', (c) => c.notNull())
    .addColumn('last_run_at', 'text')
    .execute();
}
