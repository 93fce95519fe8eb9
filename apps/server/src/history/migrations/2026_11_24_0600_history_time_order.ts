import { type AnyDb } from '../../db/migrations/helpers.js';

/**
 * The history reads newest first by (created_at, id), so a page of any filter, dates included,
 * is the head of one index range: every filter's index ends with the time and the id. The
 * id-ordered indexes of the first reading go.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const name of [
    'history_events_project_id_idx',
    'history_events_client_idx',
    'history_events_project_subject_idx',
    'history_events_project_actor_id_idx',
    'history_events_project_time_idx',
    'history_events_project_actor_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  const indexes: [string, string[]][] = [
    ['history_events_project_time_idx', ['project_id', 'created_at', 'id']],
    ['history_events_project_actor_time_idx', ['project_id', 'actor_id', 'created_at', 'id']],
    ['history_events_project_subject_time_idx', ['project_id', 'subject_type', 'created_at', 'id']],
    ['history_events_client_time_idx', ['client_id', 'created_at', 'id']],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('history_events').columns(columns).execute();
  }
}
