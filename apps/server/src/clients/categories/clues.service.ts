import { CATEGORY_NOT_FOUND, type ClueCreateBody, type ClueType } from '@crm/contract';
import type { Db } from '../../db/database.js';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../http/actor.js';
import { invalidField, notFound } from '../../http/app-error.js';
import {
  deleteClueRow,
  findCategory,
  findClue,
  findClueOf,
  insertClue,
  lockCategory,
  updateClueText,
} from './categories.repository.js';
import { toClueView } from './categories.service.js';
import { findFormOption } from '../form/form.repository.js';
import { lockProject } from '../../db/project-lock.js';

const CLUE_404 = 'Подсказка не найдена';

async function requireClue(db: Db, projectId: number, id: number) {
  const row = await findClue(db, projectId, id);
  if (!row) throw notFound(CLUE_404);
  return row;
}

/** "к категории «Новые»": what the hint is attached to, for the history. */
async function targetText(db: Db, projectId: number, type: ClueType, typeId: number) {
  if (type !== 'client_category') {
    const option = await findFormOption(db, projectId, typeId);
    return option
      ? `к варианту «${option.name}» поля «${option.field_name}»`
      : `к варианту поля формы #${typeId}`;
  }
  const category = await findCategory(db, projectId, typeId);
  return `к категории «${category?.name ?? `#${typeId}`}»`;
}

/**
 * One hint per category or per option of a select field of the client form; an unknown id (or
 * another project's) is refused on `type_id` (422). Any other type in the path names nothing:
 * 404 (the route's parameter schema).
 */
export function createClue(deps: AppDeps, who: Actor, type: ClueType, input: Required<ClueCreateBody>) {
  return transaction(deps, async (tx) => {
    let target: string;
    if (type === 'form_field_option') {
      // The form is saved under the project's lock: the option stays until commit.
      await lockProject(tx.db, who.projectId);
      const option = await findFormOption(tx.db, who.projectId, input.type_id);
      if (!option) throw invalidField('type_id', 'Вариант поля формы не найден');
      target = `к варианту «${option.name}» поля «${option.field_name}»`;
    } else {
      const category = await lockCategory(tx.db, who.projectId, input.type_id);
      if (!category) throw invalidField('type_id', CATEGORY_NOT_FOUND);
      target = `к категории «${category.name}»`;
    }
    if (await findClueOf(tx.db, who.projectId, type, input.type_id)) {
      throw invalidField(
        'type_id',
        type === 'form_field_option'
          ? 'У этого варианта уже есть подсказка: измените её'
          : 'У этой категории уже есть подсказка: измените её',
      );
    }
    const row = await insertClue(tx.db, {
      projectId: who.projectId,
      type,
      typeId: input.type_id,
      clue: input.clue,
      now: tx.now.toISOString(),
    });
    const view = toClueView(row);
    await tx.record({
      ...who,
      kind: 'clue.created',
      subjectType: 'clue',
      subjectId: row.id,
      message: `Добавлена подсказка ${target}`,
      before: null,
      after: view,
    });
    return view;
  });
}

export function updateClue(deps: AppDeps, who: Actor, id: number, clue: string) {
  return transaction(deps, async (tx) => {
    const before = toClueView(await requireClue(tx.db, who.projectId, id));
    const after = toClueView(await updateClueText(tx.db, who.projectId, id, clue, tx.now.toISOString()));
    if (before.clue !== after.clue) {
      await tx.record({
        ...who,
        kind: 'clue.updated',
        subjectType: 'clue',
        subjectId: id,
        message: `Изменена подсказка ${await targetText(tx.db, who.projectId, before.type, before.type_id)}`,
        before,
        after,
      });
    }
    return after;
  });
}

export function deleteClue(deps: AppDeps, who: Actor, id: number) {
  return transaction(deps, async (tx) => {
    const before = toClueView(await requireClue(tx.db, who.projectId, id));
    await deleteClueRow(tx.db, who.projectId, id);
    await tx.record({
      ...who,
      kind: 'clue.deleted',
      subjectType: 'clue',
      subjectId: id,
      message: `Удалена подсказка ${await targetText(tx.db, who.projectId, before.type, before.type_id)}`,
      before,
      after: null,
    });
  });
}
