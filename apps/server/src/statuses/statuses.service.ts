import { accessChangedOnCommit } from '../identity/access-cache.js';
import type { HistoryKind, SetGoalsBody, Status, StatusCreateBody, StatusUpdateBody } from '@crm/contract';
import type { Db } from '../db/database.js';
import { lockProject } from '../db/project-lock.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps, Tx } from '../deps.js';
import type { Actor } from '../http/actor.js';
import { invalidField, notFound } from '../http/app-error.js';
import {
  clearDefaultStatus,
  countStatuses,
  deleteGoals,
  deleteStatusRow,
  findDefaultStatus,
  findOldestStatus,
  findStatus,
  findStatusByNameKey,
  insertStatus,
  listGoals,
  markDefaultStatus,
  moveMembersToStatus,
  updateStatusFields,
  upsertGoal,
} from './statuses.repository.js';

type StatusRow = { id: number; name: string; is_default: number; deposit_goal: number };

export const toStatusView = (row: StatusRow): Status => ({
  id: row.id,
  name: row.name,
  is_default: row.is_default === 1,
  deposit_goal: Number(row.deposit_goal),
});

const NAME_TAKEN = 'Статус с таким названием уже есть';
const KEEP_DEFAULT = 'Статус по умолчанию нельзя снять: отметьте по умолчанию другой статус';

/** Case-insensitive, for Cyrillic too (SQLite's lower() folds only ASCII). */
const nameKey = (name: string) => name.trim().toLocaleLowerCase('ru-RU');

async function requireStatus(db: Db, projectId: number, id: number) {
  const status = await findStatus(db, projectId, id);
  if (!status) throw notFound('Статус не найден');
  return status;
}

type StatusKind = Exclude<Extract<HistoryKind, `status.${string}`>, 'status.goals_set'>;

const history = (
  tx: Tx,
  who: Actor,
  kind: StatusKind,
  subjectId: number,
  message: string,
  before?: unknown,
  after?: unknown,
) => tx.record({ ...who, kind, subjectType: 'status', subjectId, message, before, after });

/** The first status of a project becomes its default; so does one created with is_default. */
export function createStatus(deps: AppDeps, who: Actor, input: Required<StatusCreateBody>) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const key = nameKey(input.name);
    if (await findStatusByNameKey(tx.db, who.projectId, key)) throw invalidField('name', NAME_TAKEN);
    const isDefault = input.is_default || (await countStatuses(tx.db, who.projectId)) === 0;
    if (isDefault) await clearDefaultStatus(tx.db, who.projectId);
    const row = await insertStatus(tx.db, {
      projectId: who.projectId,
      name: input.name,
      nameKey: key,
      isDefault,
      now: tx.now.toISOString(),
    });
    const view = toStatusView(row);
    await history(
      tx,
      who,
      'status.created',
      row.id,
      `Создан статус «${row.name}»${isDefault ? ' (по умолчанию)' : ''}`,
      null,
      view,
    );
    return view;
  });
}

/** Renames; `is_default: true` makes it the default (clearing the old one). */
export function updateStatus(deps: AppDeps, who: Actor, id: number, input: StatusUpdateBody) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const before = toStatusView(await requireStatus(tx.db, who.projectId, id));
    const key = nameKey(input.name);
    const sameName = await findStatusByNameKey(tx.db, who.projectId, key);
    if (sameName && sameName.id !== id) throw invalidField('name', NAME_TAKEN);
    if (input.is_default === false && before.is_default) throw invalidField('is_default', KEEP_DEFAULT);

    if (input.is_default === true && !before.is_default) {
      await clearDefaultStatus(tx.db, who.projectId);
      await markDefaultStatus(tx.db, who.projectId, id);
    }
    const after = toStatusView(
      await updateStatusFields(tx.db, who.projectId, id, {
        name: input.name,
        name_key: key,
        updated_at: tx.now.toISOString(),
      }),
    );

    const changes = [
      before.name !== after.name ? `переименован в «${after.name}»` : null,
      !before.is_default && after.is_default ? 'стал статусом по умолчанию' : null,
    ].filter((c) => c !== null);
    if (changes.length > 0) {
      await history(
        tx,
        who,
        'status.updated',
        id,
        `Статус «${before.name}» ${changes.join(' и ')}`,
        before,
        after,
      );
    }
    return after;
  });
}

/**
 * Deleting the default makes the oldest remaining status default (none if none is left); the
 * members on the deleted status move to the default one. Its goals go with it (cascade).
 */
export function deleteStatus(deps: AppDeps, who: Actor, id: number) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const status = toStatusView(await requireStatus(tx.db, who.projectId, id));
    await deleteStatusRow(tx.db, who.projectId, id);
    if (status.is_default) {
      const next = await findOldestStatus(tx.db, who.projectId);
      if (next) await markDefaultStatus(tx.db, who.projectId, next.id);
    }
    const target = await findDefaultStatus(tx.db, who.projectId);
    const moved = await moveMembersToStatus(tx.db, who.projectId, id, target?.id ?? null);
    if (moved > 0) accessChangedOnCommit(tx, { projectId: who.projectId });
    const notes = [
      status.is_default && target ? `по умолчанию теперь «${target.name}»` : null,
      moved > 0
        ? `менеджеров переведено на ${target ? `«${target.name}»` : '«без статуса»'}: ${moved}`
        : null,
    ].filter((n) => n !== null);
    const message = `Удалён статус «${status.name}»${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`;
    await history(tx, who, 'status.deleted', id, message, status, null);
  });
}

/** Clears the status's goals: per category and the deposit goal. */
export function resetStatus(deps: AppDeps, who: Actor, id: number) {
  return transaction(deps, async (tx) => {
    const before = toStatusView(await requireStatus(tx.db, who.projectId, id));
    const goalsBefore = await listGoals(tx.db, who.projectId, id);
    await deleteGoals(tx.db, who.projectId, id);
    const after = toStatusView(
      await updateStatusFields(tx.db, who.projectId, id, {
        deposit_goal: 0,
        updated_at: tx.now.toISOString(),
      }),
    );
    await history(
      tx,
      who,
      'status.reset',
      id,
      `Цели статуса «${before.name}» сброшены`,
      { ...before, goals: goalsBefore },
      { ...after, goals: [] },
    );
    return after;
  });
}

/**
 * Sets the goals of the listed categories (the others keep theirs) and answers all goals. The
 * categories belong to the clients feature: its handler of `status.goals_set`, run in this
 * transaction, refuses ids that are not categories of the project.
 */
export async function setGoals(deps: AppDeps, who: Actor, id: number, input: SetGoalsBody) {
  const seen = new Set<number>();
  input.goals.forEach((g, i) => {
    if (seen.has(g.client_category_id)) {
      throw invalidField(`goals.${i}.client_category_id`, 'Категория указана дважды');
    }
    seen.add(g.client_category_id);
  });
  return transaction(deps, async (tx) => {
    const status = await requireStatus(tx.db, who.projectId, id);
    const before = await listGoals(tx.db, who.projectId, id);
    for (const g of input.goals) await upsertGoal(tx.db, who.projectId, id, g.client_category_id, g.goal);
    const after = await listGoals(tx.db, who.projectId, id);
    await tx.record({
      ...who,
      kind: 'status.goals_set',
      subjectType: 'status',
      subjectId: id,
      message: `Цели статуса «${status.name}» по категориям клиентов изменены`,
      before,
      after,
      data: { statusId: id, goals: input.goals },
    });
    return after;
  });
}

export function setDepositGoal(deps: AppDeps, who: Actor, id: number, depositGoal: number) {
  return transaction(deps, async (tx) => {
    const before = toStatusView(await requireStatus(tx.db, who.projectId, id));
    const after = toStatusView(
      await updateStatusFields(tx.db, who.projectId, id, {
        deposit_goal: depositGoal,
        updated_at: tx.now.toISOString(),
      }),
    );
    if (before.deposit_goal !== after.deposit_goal) {
      const fmt = (n: number) => n.toLocaleString('ru-RU');
      await history(
        tx,
        who,
        'status.deposit_goal_set',
        id,
        `Цель по депозиту статуса «${before.name}»: ${fmt(before.deposit_goal)} → ${fmt(after.deposit_goal)}`,
        { deposit_goal: before.deposit_goal },
        { deposit_goal: after.deposit_goal },
      );
    }
    return after;
  });
}
