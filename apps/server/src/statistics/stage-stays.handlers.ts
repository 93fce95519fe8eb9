import type { Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import {
  clearFirstEntries,
  closeStays,
  deleteCategoryStays,
  deleteClientStays,
  firstEnteredAt,
  insertStays,
  listFirstEntries,
  listOpenStays,
  moveClientStays,
  staysIn,
} from './stage-stays.repository.js';

/**
 * The stays are written in the transaction of the change that makes them, so the statistics
 * never disagree with the clients: a new client enters his first stage, a move closes the open
 * stay and opens the next, a deleted client or category takes its stays with it. Events given
 * together (a bulk move's batch, an import's) are written together, a few statements for all.
 */

const secondsSince = (tx: Tx, at: string) =>
  Math.max(0, Math.round((tx.now.getTime() - Date.parse(at)) / 1000));

/** Closes these clients' open stays now (they left their stages). */
async function leave(tx: Tx, clientIds: number[]) {
  const open = await listOpenStays(tx.db, clientIds);
  await closeStays(
    tx.db,
    open.map((stay) => ({ id: stay.id, seconds: secondsSince(tx, stay.entered_at) })),
    tx.now.toISOString(),
  );
}

type Entry = {
  projectId: number;
  clientId: number;
  managerId: number;
  categoryId: number;
  closing?: { lossReasonId: number | null; lossReason: string | null; secondsFromStart: number | null };
};

/** Each client enters his stage now: his first entry there unless he was there before. */
async function enter(tx: Tx, entries: Entry[]) {
  const before = new Set(
    (
      await staysIn(
        tx.db,
        entries.map((e) => e.clientId),
        [...new Set(entries.map((e) => e.categoryId))],
      )
    ).map((s) => `${s.client_id}:${s.category_id}`),
  );
  await insertStays(
    tx.db,
    entries.map((e) => ({
      project_id: e.projectId,
      client_id: e.clientId,
      manager_id: e.managerId,
      category_id: e.categoryId,
      first_entry: before.has(`${e.clientId}:${e.categoryId}`) ? 0 : 1,
      entered_at: tx.now.toISOString(),
      ...(e.closing
        ? {
            loss_reason_id: e.closing.lossReasonId,
            loss_reason: e.closing.lossReason,
            seconds_from_start: e.closing.secondsFromStart,
          }
        : {}),
    })),
  );
}

/** One client twice among the events (moved on within one change): each in turn, in order. */
const eachClientOnce = (events: { data: { clientId: number } }[]) =>
  new Set(events.map((e) => e.data.clientId)).size === events.length;

export async function clientsEnterFirstStage(
  tx: Tx,
  events: (DomainEvent<'client.created'> | DomainEvent<'client.imported'>)[],
): Promise<void> {
  if (!eachClientOnce(events)) {
    for (const event of events) await clientsEnterFirstStage(tx, [event]);
    return;
  }
  await enter(
    tx,
    events.map((e) => ({
      projectId: e.projectId,
      clientId: e.data.clientId,
      managerId: e.data.managerId,
      categoryId: e.data.categoryId,
    })),
  );
}

/**
 * A move into a stage that ends the pipeline keeps its reason and the time since the client's
 * first stage entry (docs/decisions.md, issue 30: the average time to win counts from there).
 */
export async function clientsMoveStage(
  tx: Tx,
  events: DomainEvent<'client_category_changed'>[],
): Promise<void> {
  if (!eachClientOnce(events)) {
    for (const event of events) await clientsMoveStage(tx, [event]);
    return;
  }
  const started = await firstEnteredAt(
    tx.db,
    events.filter((e) => e.data.closing).map((e) => e.data.clientId),
  );
  await leave(
    tx,
    events.map((e) => e.data.clientId),
  );
  await enter(
    tx,
    events.map(({ projectId, data: { clientId, managerId, toCategoryId, closing } }) => {
      const start = started.get(clientId);
      return {
        projectId,
        clientId,
        managerId,
        categoryId: toCategoryId,
        ...(closing
          ? {
              closing: {
                lossReasonId: closing.lossReasonId,
                lossReason: closing.lossReason,
                secondsFromStart: start === undefined ? null : secondsSince(tx, start),
              },
            }
          : {}),
      };
    }),
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
  await leave(tx, [mergedId]);
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
