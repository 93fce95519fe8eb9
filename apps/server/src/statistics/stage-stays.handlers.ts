import type { Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import {
  clearFirstEntries,
  closeStay,
  deleteCategoryStays,
  deleteClientStays,
  findStay,
  firstEnteredAt,
  insertStay,
  listFirstEntries,
  listOpenStays,
  moveClientStays,
} from './stage-stays.repository.js';

/**
 * The stays are written in the transaction of the change that makes them, so the statistics
 * never disagree with the clients: a new client enters his first stage, a move closes the open
 * stay and opens the next, a deleted client or category takes its stays with it.
 */

/** Closes the client's open stays now (he left his stage). */
async function leave(tx: Tx, clientId: number) {
  for (const stay of await listOpenStays(tx.db, clientId)) {
    const seconds = Math.max(0, Math.round((tx.now.getTime() - Date.parse(stay.entered_at)) / 1000));
    await closeStay(tx.db, stay.id, tx.now.toISOString(), seconds);
  }
}

async function enter(
  tx: Tx,
  projectId: number,
  clientId: number,
  managerId: number,
  categoryId: number,
  closing: {
    lossReasonId: number | null;
    lossReason: string | null;
    secondsFromStart: number | null;
  } | null = null,
) {
  const before = await findStay(tx.db, clientId, categoryId);
  await insertStay(tx.db, {
    project_id: projectId,
    client_id: clientId,
    manager_id: managerId,
    category_id: categoryId,
    first_entry: before ? 0 : 1,
    entered_at: tx.now.toISOString(),
    ...(closing
      ? {
          loss_reason_id: closing.lossReasonId,
          loss_reason: closing.lossReason,
          seconds_from_start: closing.secondsFromStart,
        }
      : {}),
  });
}

export async function clientEntersFirstStage(
  tx: Tx,
  event: DomainEvent<'client.created'> | DomainEvent<'client.imported'>,
): Promise<void> {
  await enter(tx, event.projectId, event.data.clientId, event.data.managerId, event.data.categoryId);
}

/**
 * A move into a stage that ends the pipeline keeps its reason and the time since the client's
 * first stage entry (docs/decisions.md, issue 30: the average time to win counts from there).
 */
export async function clientMovesStage(tx: Tx, event: DomainEvent<'client_category_changed'>): Promise<void> {
  const { clientId, managerId, toCategoryId, closing } = event.data;
  const started = closing ? await firstEnteredAt(tx.db, clientId) : null;
  await leave(tx, clientId);
  await enter(
    tx,
    event.projectId,
    clientId,
    managerId,
    toCategoryId,
    closing
      ? {
          lossReasonId: closing.lossReasonId,
          lossReason: closing.lossReason,
          secondsFromStart:
            started === null
              ? null
              : Math.max(0, Math.round((tx.now.getTime() - Date.parse(started)) / 1000)),
        }
      : null,
  );
}

export async function clientStaysGo(tx: Tx, event: DomainEvent<'client.deleted'>): Promise<void> {
  await deleteClientStays(tx.db, event.data.clientId);
}

/**
 * A duplicate merged into the survivor (docs/decisions.md, "Import, export and duplicates"): its
 * stays become the survivor's, its open one ending now (the survivor stays where he is), and in
 * each stage only the earliest of the two's first entries still counts as his first: one person
 * enters a stage for the first time once.
 */
export async function clientStaysMerge(tx: Tx, event: DomainEvent<'client.merged'>): Promise<void> {
  const { survivorId, mergedId } = event.data;
  await leave(tx, mergedId);
  await moveClientStays(tx.db, mergedId, survivorId);
  const firsts = await listFirstEntries(tx.db, survivorId);
  await clearFirstEntries(
    tx.db,
    firsts.filter((stay, i) => i > 0 && firsts[i - 1]!.category_id === stay.category_id).map((s) => s.id),
  );
}

export async function categoryStaysGo(tx: Tx, event: DomainEvent<'client_category.deleted'>): Promise<void> {
  await deleteCategoryStays(tx.db, event.projectId, event.data.categoryId);
}
