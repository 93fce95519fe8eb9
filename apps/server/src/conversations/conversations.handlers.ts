import type { Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import {
  findClientConversation,
  foldConversationInto,
  moveConversation,
} from './conversations.repository.js';

/**
 * A duplicate merged into the survivor (docs/product.md, "Duplicates"): a client has one
 * conversation, so the merged one's becomes the survivor's, or its messages join the survivor's
 * own in the order they were written.
 */
export async function mergeClientConversations(tx: Tx, event: DomainEvent<'client.merged'>) {
  const { survivorId, mergedId } = event.data;
  const merged = await findClientConversation(tx.db, mergedId);
  if (!merged) return;
  const survivors = await findClientConversation(tx.db, survivorId);
  if (survivors) await foldConversationInto(tx.db, merged.id, survivors.id);
  else await moveConversation(tx.db, merged.id, survivorId);
}
