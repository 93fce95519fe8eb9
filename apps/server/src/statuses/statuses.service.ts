import type { SetGoalsBody, Status, StatusCreateBody, StatusUpdateBody } from '@crm/contract';
import type { Actor } from '../http/actor.js';
import type { Db } from '../db/database.js';
import { recordHistory } from '../db/history.js';
import { lockProject } from '../db/project-lock.js';
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
  findUnknownClientCategoryIds,
  insertStatus,
  listGoals,
  markDefaultStatus,
  moveMembersToStatus,
  updateStatusFields,
  upsertGoal,
} from './statuses.repository.js';

/** Who changes the statuses of which project (for the history). */

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

const history = (
  db: Db,
  who: Actor,
  kind: string,
  subjectId: number,
  message: string,
  before?: unknown,
  after?: unknown,
) => recordHistory(db, { ...who, kind, subjectType: 'status', subjectId, message, before, after });

/** The first status of a project becomes its default; so does one created with is_default. */
export function createStatus(db: Db, who: Actor, input: Required<StatusCreateBody>) {
  return db.transaction().execute(async (trx) => {
    await lockProject(trx, who.projectId);
    const key = nameKey(input.name);
    if (await findStatusByNameKey(trx, who.projectId, key)) throw invalidField('name', NAME_TAKEN);
    const isDefault = input.is_default || (await countStatuses(trx, who.projectId)) === 0;
    if (isDefault) await clearDefaultStatus(trx, who.projectId);
    const row = await insertStatus(trx, {
      projectId: who.projectId,
      name: input.name,
      nameKey: key,
      isDefault,
      now: new Date().toISOString(),
    });
    const view = toStatusView(row);
    await history(
      trx,
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
export function updateStatus(db: Db, who: Actor, id: number, input: StatusUpdateBody) {
  return db.transaction().execute(async (trx) => {
    await lockProject(trx, who.projectId);
    const before = toStatusView(await requireStatus(trx, who.projectId, id));
    const key = nameKey(input.name);
    const sameName = await findStatusByNameKey(trx, who.projectId, key);
    if (sameName && sameName.id !== id) throw invalidField('name', NAME_TAKEN);
    if (input.is_default === false && before.is_default) throw invalidField('is_default', KEEP_DEFAULT);

    if (input.is_default === true && !before.is_default) {
      await clearDefaultStatus(trx, who.projectId);
      await markDefaultStatus(trx, who.projectId, id);
    }
    const after = toStatusView(
      await updateStatusFields(trx, who.projectId, id, { name: input.name, name_key: key }),
    );

    const changes = [
      before.name !== after.name ? `переименован в «${after.name}»` : null,
      !before.is_default && after.is_default ? 'стал статусом по умолчанию' : null,
    ].filter((c) => c !== null);
    if (changes.length > 0) {
      await history(
        trx,
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
export function deleteStatus(db: Db, who: Actor, id: number) {
  return db.transaction().execute(async (trx) => {
    await lockProject(trx, who.projectId);
    const status = toStatusView(await requireStatus(trx, who.projectId, id));
    await deleteStatusRow(trx, who.projectId, id);
    if (status.is_default) {
      const next = await findOldestStatus(trx, who.projectId);
      if (next) await markDefaultStatus(trx, who.projectId, next.id);
    }
    const target = await findDefaultStatus(trx, who.projectId);
    const moved = await moveMembersToStatus(trx, who.projectId, id, target?.id ?? null);
    const notes = [
      status.is_default && target ? `по умолчанию теперь «${target.name}»` : null,
      moved > 0
        ? `менеджеров переведено на ${target ? `«${target.name}»` : '«без статуса»'}: ${moved}`
        : null,
    ].filter((n) => n !== null);
    const message = `Удалён статус «${status.name}»${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`;
    await history(trx, who, 'status.deleted', id, message, status, null);
  });
}

/** Clears the status's goals: per category and the deposit goal. */
export function resetStatus(db: Db, who: Actor, id: number) {
  return db.transaction().execute(async (trx) => {
    const before = toStatusView(await requireStatus(trx, who.projectId, id));
    const goalsBefore = await listGoals(trx, who.projectId, id);
    await deleteGoals(trx, who.projectId, id);
    const after = toStatusView(await updateStatusFields(trx, who.projectId, id, { deposit_goal: 0 }));
    await history(
      trx,
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

/** Sets the goals of the listed categories (the others keep theirs) and answers all goals. */
export async function setGoals(db: Db, who: Actor, id: number, input: SetGoalsBody) {
  const seen = new Set<number>();
  input.goals.forEach((g, i) => {
    if (seen.has(g.client_category_id)) {
      throw invalidField(`goals.${i}.client_category_id`, 'Категория указана дважды');
    }
    seen.add(g.client_category_id);
  });
  return db.transaction().execute(async (trx) => {
    const status = await requireStatus(trx, who.projectId, id);
    const unknown = new Set(await findUnknownClientCategoryIds(trx, who.projectId, [...seen]));
    const bad = input.goals.findIndex((g) => unknown.has(g.client_category_id));
    if (bad >= 0) throw invalidField(`goals.${bad}.client_category_id`, 'Категория клиентов не найдена');

    const before = await listGoals(trx, who.projectId, id);
    for (const g of input.goals) await upsertGoal(trx, who.projectId, id, g.client_category_id, g.goal);
    const after = await listGoals(trx, who.projectId, id);
    await history(
      trx,
      who,
      'status.goals_set',
      id,
      `Цели статуса «${status.name}» по категориям клиентов изменены`,
      before,
      after,
    );
    return after;
  });
}

export function setDepositGoal(db: Db, who: Actor, id: number, depositGoal: number) {
  return db.transaction().execute(async (trx) => {
    const before = toStatusView(await requireStatus(trx, who.projectId, id));
    const after = toStatusView(
      await updateStatusFields(trx, who.projectId, id, { deposit_goal: depositGoal }),
    );
    if (before.deposit_goal !== after.deposit_goal) {
      const fmt = (n: number) => n.toLocaleString('ru-RU');
      await history(
        trx,
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
