import { type AnyDb } from '../../db/migrations/helpers.js';

/**
 * Reading the history: each entry names the client it is about (a manager reads his clients'),
 * and the page walks back in id order (keyset), per project and per filter.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('history_events').addColumn('client_id', 'integer').execute();
  await db.schema
    .createIndex('history_events_project_id_idx')
    .on('history_events')
    .columns(['project_id', 'id'])
    .execute();
  await db.schema
    .createIndex('history_events_client_idx')
    .on('history_events')
    .columns(['client_id', 'id'])
    .execute();
  await db.schema
    .createIndex('history_events_project_subject_idx')
    .on('history_events')
    .columns(['project_id', 'subject_type', 'id'])
    .execute();
  await db.schema
    .createIndex('history_events_project_actor_id_idx')
    .on('history_events')
    .columns(['project_id', 'actor_id', 'id'])
    .execute();
}
