import { type AnyDb } from '../../db/migrations/helpers.js';

/**
 * The funnel's conversion asks, of each first entry of the period, whether the client then
 * entered a later stage before the period ended (docs/product.md §9.2). Both sides are read from
 * indexes alone: the funnel's index carries the client, and a client's stays are found by time
 * with their stage in the index.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('client_stage_stays_funnel_idx').ifExists().execute();
  await db.schema
    .createIndex('client_stage_stays_funnel_idx')
    .on('client_stage_stays')
    .columns(['project_id', 'first_entry', 'category_id', 'entered_at', 'client_id'])
    .execute();
  await db.schema
    .createIndex('client_stage_stays_client_time_idx')
    .on('client_stage_stays')
    .columns(['client_id', 'entered_at', 'category_id'])
    .execute();
}
