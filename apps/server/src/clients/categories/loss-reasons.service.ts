import { LOSS_REASONS_MAX, type LossReason } from '@crm/contract';
import { lockProject } from '../../db/project-lock.js';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../http/actor.js';
import { invalidField, notFound } from '../../http/app-error.js';
import {
  deleteLossReasonRow,
  findLossReason,
  findLossReasonByNameKey,
  insertLossReasons,
  lossReasonStats,
  renameLossReason,
} from './loss-reasons.repository.js';

const REASON_404 = 'Причина отказа не найдена';
const NAME_TAKEN = 'Такая причина отказа уже есть';

/** Case-insensitive, for Cyrillic too (SQLite's lower() folds only ASCII). */
const nameKey = (name: string) => name.trim().toLocaleLowerCase('ru-RU');

export { listLossReasons } from './loss-reasons.repository.js';

/**
 * The admins' list of reasons a client is lost (docs/product.md §4.6). A deleted reason stays in
 * the moves that named it: their history entries and the statistics keep its name.
 */
export function createLossReason(deps: AppDeps, who: Actor, name: string): Promise<LossReason> {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const key = nameKey(name);
    if (await findLossReasonByNameKey(tx.db, who.projectId, key)) throw invalidField('name', NAME_TAKEN);
    const stats = await lossReasonStats(tx.db, who.projectId);
    if (stats.count >= LOSS_REASONS_MAX)
      throw invalidField('name', `В списке не может быть больше ${LOSS_REASONS_MAX} причин`);
    const [row] = await insertLossReasons(
      tx.db,
      who.projectId,
      [{ name, nameKey: key, position: stats.lastPosition + 1 }],
      tx.now.toISOString(),
    );
    await tx.record({
      ...who,
      kind: 'loss_reason.created',
      subjectType: 'loss_reason',
      subjectId: row!.id,
      message: `Добавлена причина отказа «${name}»`,
      before: null,
      after: row,
    });
    return row!;
  });
}

export function updateLossReason(deps: AppDeps, who: Actor, id: number, name: string): Promise<LossReason> {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const before = await findLossReason(tx.db, who.projectId, id);
    if (!before) throw notFound(REASON_404);
    const key = nameKey(name);
    const same = await findLossReasonByNameKey(tx.db, who.projectId, key);
    if (same && same.id !== id) throw invalidField('name', NAME_TAKEN);
    const after = await renameLossReason(tx.db, who.projectId, id, {
      name,
      nameKey: key,
      now: tx.now.toISOString(),
    });
    if (!after) throw notFound(REASON_404);
    if (before.name !== after.name) {
      await tx.record({
        ...who,
        kind: 'loss_reason.updated',
        subjectType: 'loss_reason',
        subjectId: id,
        message: `Причина отказа «${before.name}» переименована в «${after.name}»`,
        before,
        after,
      });
    }
    return after;
  });
}

export function deleteLossReason(deps: AppDeps, who: Actor, id: number) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const before = await findLossReason(tx.db, who.projectId, id);
    if (!before) throw notFound(REASON_404);
    await deleteLossReasonRow(tx.db, who.projectId, id);
    await tx.record({
      ...who,
      kind: 'loss_reason.deleted',
      subjectType: 'loss_reason',
      subjectId: id,
      message: `Удалена причина отказа «${before.name}» (отказы с ней её сохраняют)`,
      before,
      after: null,
    });
  });
}
