import type { CategoryOutcome, ChangeOrderBody, ClientCategory, Clue, HistoryKind } from '@crm/contract';
import { CATEGORIES_MAX, CATEGORY_NOT_FOUND, categoryOutcomeLabels } from '@crm/contract';
import type { Db } from '../../db/database.js';
import { lockProject } from '../../db/project-lock.js';
import { assertExactOrder } from '../reorder.js';
import { transaction } from '../../db/transaction.js';
import type { AppDeps, Tx } from '../../deps.js';
import type { Actor } from '../../http/actor.js';
import { AppError, invalidField, notFound } from '../../http/app-error.js';
import {
  categoryStats,
  clearNextCategory,
  countClientsByCategory,
  countOutcomeStages,
  countClientsIn,
  deleteCategoryRow,
  deleteClueRow,
  findCategory,
  findCategoryByNameKey,
  findClueOf,
  insertCategory,
  listCategories,
  listCategoriesLeadingTo,
  listClues,
  lockCategory,
  setCategoryPosition,
  updateCategoryFields,
} from './categories.repository.js';
import { formatDuration } from '../durations.js';

type CategoryRow = NonNullable<Awaited<ReturnType<typeof findCategory>>>;
type ClueRow = NonNullable<Awaited<ReturnType<typeof findClueOf>>>;

export const toClueView = (row: ClueRow): Clue => ({
  id: row.id,
  type: row.type,
  type_id: row.type_id,
  clue: row.clue,
});

export const toCategoryView = (row: CategoryRow, clue: ClueRow | undefined | null): ClientCategory => ({
  id: row.id,
  name: row.name,
  color: row.color,
  next_category_id: row.next_category_id,
  duration: Number(row.duration),
  outcome: row.outcome ?? null,
  clue: clue ? toClueView(clue) : null,
});

const NAME_TAKEN = 'Категория с таким названием уже есть';
const NOT_ITSELF = 'Категория не может вести сама в себя';
const CATEGORY_404 = 'Категория клиентов не найдена';
const OUTCOME_LEADS_NOWHERE =
  'Этап «Успех» или «Отказ» завершает воронку: у него не может быть следующей категории';
const NO_AUTOMATIC_OUTCOME =
  'В этап «Успех» или «Отказ» клиента переводит человек (с причиной отказа или итоговой суммой), а не переход по времени: выберите другую следующую категорию';

const outcomeName = (outcome: CategoryOutcome) => `«${categoryOutcomeLabels[outcome]}»`;

/** Case-insensitive, for Cyrillic too (SQLite's lower() folds only ASCII). */
const nameKey = (name: string) => name.trim().toLocaleLowerCase('ru-RU');

export async function requireCategory(db: Db, projectId: number, id: number) {
  const row = await findCategory(db, projectId, id);
  if (!row) throw notFound(CATEGORY_404);
  return row;
}

/** The project's categories in their order, each with its hint. */
/** The clients in each category now: the settings list shows them and what a delete would meet. */
export const categoryClientCounts = (db: Db, projectId: number) => countClientsByCategory(db, projectId);

export async function listCategoryViews(db: Db, projectId: number): Promise<ClientCategory[]> {
  const [rows, clues] = await Promise.all([
    listCategories(db, projectId),
    listClues(db, projectId, 'client_category'),
  ]);
  const clueOf = new Map(clues.map((c) => [c.type_id, c]));
  return rows.map((row) => toCategoryView(row, clueOf.get(row.id)));
}

type CategoryKind = Exclude<Extract<HistoryKind, `client_category.${string}`>, 'client_category.deleted'>;

const history = (
  tx: Tx,
  who: Actor,
  kind: CategoryKind,
  subjectId: number | null,
  message: string,
  before?: unknown,
  after?: unknown,
) => tx.record({ ...who, kind, subjectType: 'client_category', subjectId, message, before, after });

/** What the history says about where a category leads and when. */
const progressText = (duration: number, nextName: string | null) =>
  nextName === null
    ? 'без следующей категории'
    : duration > 0
      ? `через ${formatDuration(duration)} клиенты переходят в «${nextName}»`
      : `следующая категория «${nextName}»`;

/**
 * The next category must be another category of the project (held until commit), and not one
 * that ends the pipeline: no one is moved into 'Успех' or 'Отказ' by time (docs/decisions.md,
 * issue 30).
 */
async function requireNext(tx: Tx, projectId: number, nextId: number | null, selfId: number | null) {
  if (nextId === null) return null;
  if (nextId === selfId) throw invalidField('next_category_id', NOT_ITSELF);
  const next = await lockCategory(tx.db, projectId, nextId);
  if (!next) throw invalidField('next_category_id', CATEGORY_NOT_FOUND);
  if (next.outcome !== null) throw invalidField('next_category_id', NO_AUTOMATIC_OUTCOME);
  return next;
}

/** A stage that ends the pipeline leads nowhere, and no stage leads to it. */
async function checkOutcomeStage(
  tx: Tx,
  projectId: number,
  outcome: CategoryOutcome | null,
  nextId: number | null,
  selfId: number | null,
) {
  if (outcome === null) return;
  if (nextId !== null) throw invalidField('next_category_id', OUTCOME_LEADS_NOWHERE);
  if (selfId === null) return;
  const leading = await listCategoriesLeadingTo(tx.db, projectId, selfId);
  if (leading.length > 0) {
    throw invalidField(
      'outcome',
      `В эту категорию ведут ${leading.map((c) => `«${c.name}»`).join(', ')}: уберите у них переход сюда, затем отметьте её как ${outcomeName(outcome)}`,
    );
  }
}

/** A project keeps one stage of each outcome: the last one is neither deleted nor unmarked. */
async function keepOneOfKind(
  tx: Tx,
  projectId: number,
  row: { name: string; outcome: CategoryOutcome | null },
  doing: 'delete' | 'unmark',
) {
  if (row.outcome === null) return;
  if ((await countOutcomeStages(tx.db, projectId, row.outcome)) > 1) return;
  const kind = outcomeName(row.outcome);
  const message =
    doing === 'delete'
      ? `«${row.name}» — единственный этап ${kind} в проекте: сначала отметьте так другой этап, затем удалите этот`
      : `«${row.name}» — единственный этап ${kind} в проекте: сначала отметьте так другой этап, затем снимите отметку с этого`;
  throw new AppError(422, message, { [doing === 'delete' ? 'id' : 'outcome']: [message] });
}

export function createCategory(
  deps: AppDeps,
  who: Actor,
  input: {
    name: string;
    color: string;
    next_category_id: number | null;
    duration: number;
    outcome?: CategoryOutcome | null;
  },
) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const key = nameKey(input.name);
    if (await findCategoryByNameKey(tx.db, who.projectId, key)) throw invalidField('name', NAME_TAKEN);
    const stats = await categoryStats(tx.db, who.projectId);
    if (stats.count >= CATEGORIES_MAX)
      throw invalidField('name', `В проекте не может быть больше ${CATEGORIES_MAX} категорий`);
    const outcome = input.outcome ?? null;
    await checkOutcomeStage(tx, who.projectId, outcome, input.next_category_id, null);
    const next = await requireNext(tx, who.projectId, input.next_category_id, null);
    const row = await insertCategory(tx.db, {
      projectId: who.projectId,
      name: input.name,
      nameKey: key,
      color: input.color,
      nextCategoryId: next?.id ?? null,
      duration: input.duration,
      position: stats.lastPosition + 1,
      outcome,
      now: tx.now.toISOString(),
    });
    const view = toCategoryView(row, null);
    await history(
      tx,
      who,
      'client_category.created',
      row.id,
      outcome === null
        ? `Создана категория клиентов «${row.name}»: ${progressText(view.duration, next?.name ?? null)}`
        : `Создана категория клиентов «${row.name}»: этап ${outcomeName(outcome)}, завершает воронку`,
      null,
      view,
    );
    return view;
  });
}

/** Fields left out stay; `next_category_id: null` removes the next category. */
export function updateCategory(
  deps: AppDeps,
  who: Actor,
  id: number,
  input: {
    name: string;
    color?: string;
    next_category_id?: number | null;
    duration?: number;
    outcome?: CategoryOutcome | null;
  },
) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const current = await findCategory(tx.db, who.projectId, id);
    if (!current) throw notFound(CATEGORY_404);
    const outcome = input.outcome === undefined ? current.outcome : input.outcome;
    if (outcome !== current.outcome) await keepOneOfKind(tx, who.projectId, current, 'unmark');
    await checkOutcomeStage(
      tx,
      who.projectId,
      outcome,
      input.next_category_id === undefined ? current.next_category_id : input.next_category_id,
      outcome === current.outcome ? null : id,
    );
    const clue = await findClueOf(tx.db, who.projectId, 'client_category', id);
    const before = toCategoryView(current, clue);
    const key = nameKey(input.name);
    const sameName = await findCategoryByNameKey(tx.db, who.projectId, key);
    if (sameName && sameName.id !== id) throw invalidField('name', NAME_TAKEN);
    // Left out: unchanged, and not written (a concurrent delete of it clears it by the key).
    const next =
      input.next_category_id === undefined
        ? current.next_category_id === null
          ? null
          : await findCategory(tx.db, who.projectId, current.next_category_id)
        : await requireNext(tx, who.projectId, input.next_category_id, id);
    const row = await updateCategoryFields(tx.db, who.projectId, id, {
      name: input.name,
      name_key: key,
      ...(input.color === undefined ? {} : { color: input.color }),
      ...(input.next_category_id === undefined ? {} : { next_category_id: next?.id ?? null }),
      ...(input.duration === undefined ? {} : { duration: input.duration }),
      ...(outcome === current.outcome ? {} : { outcome }),
      updated_at: tx.now.toISOString(),
    });
    const after = toCategoryView(row, clue);

    const beforeNext =
      before.next_category_id === null
        ? null
        : await findCategory(tx.db, who.projectId, before.next_category_id);
    const changes = [
      before.name !== after.name ? `переименована в «${after.name}»` : null,
      before.color !== after.color ? `цвет ${before.color} → ${after.color}` : null,
      before.outcome !== after.outcome
        ? after.outcome === null
          ? `больше не этап ${outcomeName(before.outcome ?? 'won')}`
          : `теперь этап ${outcomeName(after.outcome)}, завершает воронку`
        : null,
      before.next_category_id !== after.next_category_id || before.duration !== after.duration
        ? `было: ${progressText(before.duration, beforeNext?.name ?? null)}; стало: ${progressText(after.duration, next?.name ?? null)}`
        : null,
    ].filter((c) => c !== null);
    if (changes.length > 0) {
      await history(
        tx,
        who,
        'client_category.updated',
        id,
        `Категория клиентов «${before.name}» изменена: ${changes.join('; ')}`,
        before,
        after,
      );
    }
    return after;
  });
}

/**
 * A category with clients is not deleted: 422 saying how many and what to do (nothing is lost
 * silently). Its hint goes with it; categories leading to it lead nowhere; the status goals for
 * it are deleted by the statuses feature's handler of `client_category.deleted`.
 */
export function deleteCategory(deps: AppDeps, who: Actor, id: number) {
  return transaction(deps, async (tx) => {
    // Held first, so that no client can be put into it between the count and the delete.
    const row = await lockCategory(tx.db, who.projectId, id);
    if (!row) throw notFound(CATEGORY_404);
    await keepOneOfKind(tx, who.projectId, row, 'delete');
    const clients = await countClientsIn(tx.db, who.projectId, id);
    if (clients > 0) {
      const message = `В категории «${row.name}» есть клиенты (${clients}): переведите их в другую категорию, затем удалите её`;
      throw new AppError(422, message, { id: [message] });
    }
    const clue = await findClueOf(tx.db, who.projectId, 'client_category', id);
    const leading = await listCategoriesLeadingTo(tx.db, who.projectId, id);
    if (clue) await deleteClueRow(tx.db, who.projectId, clue.id);
    await clearNextCategory(tx.db, who.projectId, id);
    await deleteCategoryRow(tx.db, who.projectId, id);
    const notes = [
      clue ? 'подсказка удалена' : null,
      leading.length > 0 ? `больше никуда не ведут: ${leading.map((c) => `«${c.name}»`).join(', ')}` : null,
    ].filter((n) => n !== null);
    await tx.record({
      ...who,
      kind: 'client_category.deleted',
      subjectType: 'client_category',
      subjectId: id,
      message: `Удалена категория клиентов «${row.name}»${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`,
      before: toCategoryView(row, clue),
      after: null,
      data: { categoryId: id },
    });
  });
}

/**
 * `ids` must be exactly the project's categories, each once, or exactly its ordinary ones. The
 * order is saved as sent; the list shows the stages that end the pipeline last anyway.
 */
export function changeCategoryOrder(deps: AppDeps, who: Actor, input: ChangeOrderBody) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const all = await listCategories(tx.db, who.projectId);
    // The stages that end the pipeline may be left out: they keep their place, last
    // (docs/decisions.md, issue 30).
    const sent = new Set(input.ids);
    const rows = all.some((r) => r.outcome !== null && sent.has(r.id))
      ? all
      : all.filter((r) => r.outcome === null);
    assertExactOrder(
      input.ids,
      rows.map((r) => r.id),
      {
        unknown: CATEGORY_NOT_FOUND,
        repeated: 'Категория указана дважды',
        incomplete: 'Укажите все категории проекта, каждую по одному разу',
      },
    );
    const before = rows.map((r) => r.id);
    if (before.join(',') !== input.ids.join(',')) {
      for (const [position, id] of input.ids.entries())
        await setCategoryPosition(tx.db, who.projectId, id, position);
      const name = new Map(rows.map((r) => [r.id, r.name]));
      await history(
        tx,
        who,
        'client_category.reordered',
        null,
        `Изменён порядок категорий клиентов: ${input.ids.map((id) => `«${name.get(id)}»`).join(', ')}`,
        before,
        input.ids,
      );
    }
    return listCategoryViews(tx.db, who.projectId);
  });
}
