import type { AppDeps } from '../../deps.js';

/** The person who started a bulk action follows it: his open pages are told it moved on. */
export async function tellBulkChanged(
  deps: AppDeps,
  bulk: { id: number; project_id: number; created_by: number },
) {
  await deps.publisher.publish(`user:${bulk.created_by}`, {
    type: 'client_bulk.changed',
    payload: { project_id: bulk.project_id, bulk_id: bulk.id },
  });
}
