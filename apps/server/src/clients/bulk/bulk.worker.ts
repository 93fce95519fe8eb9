import type { ClientBulk, ClientBulkAction, ReminderCreateBody } from '@crm/contract';
import type { Dialect } from '../../db/database.js';
import { transaction } from '../../db/transaction.js';
import type { AppDeps, Tx } from '../../deps.js';
import type { ReminderCreateInput } from '../../events/domain-events.js';
import type { MemberActor } from '../../http/actor.js';
import { AppError } from '../../http/app-error.js';
import { lockCategory } from '../categories/categories.repository.js';
import { findMemberName, lockClients } from '../clients.repository.js';
import type { Closing } from '../closing.js';
import { deleteHeldClient, moveHeldClients, reassignHeldClient } from '../clients.service.js';
import { tellClientsChanged } from '../import/import.live.js';
import { countBatch, markItemsDone, nextBulkItems, updateBulk, type BulkRow } from './bulk.repository.js';
import { tellBulkChanged } from './bulk.live.js';

/** What a bulk action does, as stored: who acts (his reach then) and the action's own details. */
export type BulkPayload = {
  caller: MemberActor;
  category_id?: number;
  /** A move into 'Успех' or 'Отказ': its reason or final amount, as `resolveClosing` read it. */
  closing?: Closing | null;
  manager_id?: number;
  reminder?: ReminderCreateInput;
};

/** Clients per transaction: a batch's locks are held briefly, its history written at once. */
export const bulkBatch = (dialect: Dialect) => (dialect === 'sqlite' ? 250 : 500);

/** Progress goes to the open page at most this often. */
const TELL_EVERY_MS = 500;

/** A turn for other requests between batches (SQLite answers synchronously). */
const breathe = (dialect: Dialect) =>
  new Promise((resolve) => (dialect === 'sqlite' ? setTimeout(resolve, 1) : setImmediate(resolve)));

export const toBulkView = (row: BulkRow): ClientBulk => ({
  id: row.id,
  action: row.action,
  status: row.status,
  total: Number(row.total),
  done: Number(row.done),
  skipped: Number(row.skipped),
  problem: row.problem,
  created_at: row.created_at,
  finished_at: row.finished_at,
});

/**
 * Acts on these clients inside the batch's transaction by the single actions' own functions (the
 * same history entries and events: a scenario starts for each client as if moved by hand; a move
 * writes the batch's together). The clients are locked first, in the caller's reach as the action
 * started: one gone or passed to another manager meanwhile is skipped. Answers how many were.
 */
export async function applyBatch(
  tx: Tx,
  action: ClientBulkAction,
  payload: BulkPayload,
  clientIds: number[],
): Promise<number> {
  const { caller } = payload;
  const scope = caller.role === 'manager' ? caller.actorId : null;
  // Categories first, then clients (one order everywhere: no deadlock with the scheduler).
  const target = action === 'move' ? await lockCategory(tx.db, caller.projectId, payload.category_id!) : null;
  if (action === 'move' && !target)
    throw new BulkStopped('Категория, в которую переносили клиентов, удалена');
  const owner =
    action === 'reassign' ? await findMemberName(tx.db, caller.projectId, payload.manager_id!) : null;
  if (action === 'reassign' && !owner)
    throw new BulkStopped('Менеджер, которому передавали клиентов, больше не в проекте');
  // The clients held at once, in id order; one gone or passed to another manager meanwhile is skipped.
  const held = await lockClients(tx.db, tx.deps.dialect, caller.projectId, clientIds, scope);
  const skipped = clientIds.length - held.length;
  if (action === 'move')
    await moveHeldClients(
      tx,
      caller,
      held.filter((c) => c.category_id !== target!.id),
      target!,
      payload.closing ?? null,
    );
  else if (action === 'reassign') for (const c of held) await reassignHeldClient(tx, caller, c, owner!);
  else if (action === 'delete') for (const c of held) await deleteHeldClient(tx, caller, c);
  if (action === 'reminder' && held.length > 0) {
    await tx.signal('clients.bulk_reminder', {
      caller,
      clients: held,
      reminder: payload.reminder as ReminderCreateInput & ReminderCreateBody,
    });
  }
  return skipped;
}

/** A reason the rest of a bulk action cannot be done (its target is gone): it ends as failed. */
export class BulkStopped extends Error {}

/**
 * Runs a bulk action from its first client not yet done: a transaction per batch, which also marks
 * its clients done and counts them, so a worker that takes over after a restart goes on after the
 * last committed batch. Open boards are told once at the end, not at every batch.
 */
export async function runBulk(deps: AppDeps, bulk: BulkRow) {
  const payload = JSON.parse(bulk.payload) as BulkPayload;
  const batch = bulkBatch(deps.dialect);
  let told = 0;
  for (;;) {
    const ids = await nextBulkItems(deps.db, bulk.id, batch);
    if (ids.length === 0) break;
    try {
      await transaction(deps, async (tx) => {
        const skipped = await applyBatch(tx, bulk.action, payload, ids);
        await markItemsDone(tx.db, bulk.id, ids);
        await countBatch(tx.db, bulk.id, ids.length - skipped, skipped, tx.now.toISOString());
      });
    } catch (error) {
      // A refusal of the rule itself (a reminder's time now past, a target gone) ends it as failed.
      if (!(error instanceof BulkStopped) && !(error instanceof AppError)) throw error;
      await finishBulk(deps, bulk, 'failed', error.message);
      return;
    }
    const now = deps.clock.now().getTime();
    if (now - told > TELL_EVERY_MS) {
      told = now;
      await tellBulkChanged(deps, bulk);
    }
    await breathe(deps.dialect);
  }
  await finishBulk(deps, bulk, 'done', null);
}

export async function finishBulk(
  deps: AppDeps,
  bulk: BulkRow,
  status: 'done' | 'failed',
  problem: string | null,
) {
  const now = deps.clock.now().toISOString();
  await updateBulk(deps.db, bulk.id, { status, problem, finished_at: now, updated_at: now });
  await tellBulkChanged(deps, bulk);
  await tellClientsChanged(deps, bulk.project_id);
}
