import {
  CATEGORY_NOT_FOUND,
  CLIENT_BULK_ADMIN_ACTIONS,
  CLIENT_BULK_AT_ONCE,
  CLIENT_BULK_NOT_FOUND,
  isAdminRole,
  type ClientBulk,
  type clientBulkBody,
} from '@crm/contract';
import type { z } from 'zod';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import { AppError, forbidden, invalidField, notFound } from '../../http/app-error.js';
import { ownScope, type MemberActor } from '../../http/actor.js';
import { findCategory } from '../categories/categories.repository.js';
import { findMemberName } from '../clients.repository.js';
import { resolveClosing } from '../closing.js';
import { listSearchOf } from '../list/list.service.js';
import {
  countBatch,
  findBulk,
  findBulkById,
  insertBulk,
  insertBulkItems,
  listRunningBulks,
  matchingClientIds,
  reachableClientIds,
  updateBulk,
} from './bulk.repository.js';
import { applyBatch, BulkStopped, toBulkView, type BulkPayload } from './bulk.worker.js';

type BulkBody = z.output<typeof clientBulkBody>;

const ONLY_ADMINS = {
  reassign: 'Передавать клиентов другому менеджеру может только администратор',
  delete: 'Удалять клиентов может только администратор',
} as const;
const NONE_MATCH = 'По этому фильтру нет клиентов';
/** Ids a refusal lists by number; the rest are counted. */
const NAMED_MAX = 50;

/** 422 naming the ids the caller may not touch (another project's, another manager's, gone). */
function unreachable(ids: number[]) {
  const named = ids.slice(0, NAMED_MAX).join(', ');
  const more = ids.length > NAMED_MAX ? ` и ещё ${ids.length - NAMED_MAX}` : '';
  const message = `Действие не выполнено: клиенты ${named}${more} не найдены или недоступны вам`;
  return new AppError(422, message, { ids: [message] });
}

/**
 * The chosen clients, once each, when every one is in the caller's reach (his project; a manager's
 * own); else 422 naming those that are not. Bulk actions and the export of a selection share it.
 */
export async function reachableIds(deps: AppDeps, caller: MemberActor, chosen: number[]) {
  const ids = [...new Set(chosen)];
  const found = await reachableClientIds(deps.db, caller.projectId, ids, ownScope(caller));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw unreachable(missing);
  return ids;
}

/** The action's own details, checked against the project now (422 on the field). */
async function payloadOf(deps: AppDeps, caller: MemberActor, body: BulkBody): Promise<BulkPayload> {
  if (body.action === 'move') {
    const target = await findCategory(deps.db, caller.projectId, body.category_id);
    if (!target) throw invalidField('category_id', CATEGORY_NOT_FOUND);
    // The single move's rule, checked once for all (a reason into 'Отказ', 422 otherwise).
    const closing = await resolveClosing(deps.db, caller.projectId, target, body);
    return { caller, category_id: body.category_id, closing };
  }
  if (body.action === 'reassign') {
    if (!(await findMemberName(deps.db, caller.projectId, body.manager_id)))
      throw invalidField('manager_id', 'Участник проекта не найден');
    return { caller, manager_id: body.manager_id };
  }
  if (body.action === 'reminder') return { caller, reminder: body.reminder };
  return { caller };
}

/**
 * The clients acted on: the ids given, every one in the caller's reach (else the whole request is
 * refused, naming them), or every client the list's filters find now.
 */
async function clientIdsOf(deps: AppDeps, caller: MemberActor, body: BulkBody) {
  if (body.ids) return reachableIds(deps, caller, body.ids);
  const ids = await matchingClientIds(
    deps.db,
    deps.dialect,
    await listSearchOf(deps.db, caller, body.filters),
  );
  if (ids.length === 0) throw invalidField('filters', NONE_MATCH);
  return ids;
}

/**
 * POST /client-bulk-actions: one request for many clients. A few (up to CLIENT_BULK_AT_ONCE) are
 * done at once in one transaction (a refusal of the rule, e.g. a reminder's time past, is the
 * answer and nothing is done); more are stored with their clients and run in the background in
 * batches (bulk.job.ts), the answer saying how to follow them.
 */
export async function startBulk(deps: AppDeps, caller: MemberActor, body: BulkBody): Promise<ClientBulk> {
  if (body.action === 'reassign' || body.action === 'delete') {
    if (CLIENT_BULK_ADMIN_ACTIONS.includes(body.action) && !isAdminRole(caller.role))
      throw forbidden(ONLY_ADMINS[body.action]);
  }
  const payload = await payloadOf(deps, caller, body);
  const ids = await clientIdsOf(deps, caller, body);
  const row = {
    project_id: caller.projectId,
    created_by: caller.actorId,
    impersonator_id: caller.impersonatorId,
    role: caller.role,
    action: body.action,
    payload: JSON.stringify(payload),
    total: ids.length,
  };
  if (ids.length <= CLIENT_BULK_AT_ONCE) {
    const id = await transaction(deps, async (tx) => {
      let skipped: number;
      try {
        skipped = await applyBatch(tx, body.action, payload, ids);
      } catch (error) {
        throw error instanceof BulkStopped ? new AppError(422, error.message) : error;
      }
      const now = tx.now.toISOString();
      const { id } = await insertBulk(tx.db, { ...row, now });
      await countBatch(tx.db, id, ids.length - skipped, skipped, now);
      await updateBulk(tx.db, id, { status: 'done', finished_at: now });
      return id;
    });
    return toBulkView((await findBulkById(deps.db, id))!);
  }
  const id = await transaction(deps, async (tx) => {
    const { id } = await insertBulk(tx.db, { ...row, now: tx.now.toISOString() });
    await insertBulkItems(tx.db, id, ids);
    return id;
  });
  return toBulkView((await findBulkById(deps.db, id))!);
}

/** A bulk action the caller started (nobody else's: 404). */
export async function getBulk({ db }: AppDeps, caller: MemberActor, id: number) {
  const row = await findBulk(db, caller.projectId, id, caller.actorId);
  if (!row) throw notFound(CLIENT_BULK_NOT_FOUND);
  return toBulkView(row);
}

export async function runningBulks({ db }: AppDeps, caller: MemberActor) {
  return (await listRunningBulks(db, caller.projectId, caller.actorId)).map(toBulkView);
}
