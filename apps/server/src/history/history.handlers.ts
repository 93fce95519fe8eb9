import type { Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import { moveClientHistory } from './history.repository.js';

/**
 * A duplicate merged into the survivor: its entries are read as the survivor's from now on. The
 * entry that records its removal is written after this, so it alone stays under its own id.
 */
export async function clientHistoryMerge(tx: Tx, event: DomainEvent<'client.merged'>) {
  await moveClientHistory(tx.db, event.projectId, event.data.mergedId, event.data.survivorId);
}
