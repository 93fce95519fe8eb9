import { type AnyDb } from '../../db/migrations/helpers.js';

/**
 * A stay in a stage that ends the pipeline (docs/product.md §4.6) keeps what its move carried:
 * the loss reason (its id in the clients' list, and its name or own text at the move) and, for
 * any closing move, the seconds since the client's first stage entry (the average time to win).
 * Stays from before have none: the statistics count them as 'Причина не указана'.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('client_stage_stays').addColumn('loss_reason_id', 'integer').execute();
  await db.schema.alterTable('client_stage_stays').addColumn('loss_reason', 'text').execute();
  await db.schema.alterTable('client_stage_stays').addColumn('seconds_from_start', 'integer').execute();
}
