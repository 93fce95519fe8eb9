import type { Tx } from '../../deps.js';
import { insertCategory } from './categories.repository.js';
import { insertLossReasons } from './loss-reasons.repository.js';

/** What a project starts with (docs/product.md §4.6): one stage of each outcome, renamable. */
export const STARTING_OUTCOME_STAGES = [
  { outcome: 'won', name: 'Успех', color: '77EF83' },
  { outcome: 'lost', name: 'Отказ', color: 'FF8C8C' },
] as const;

/** The reasons a project's list starts with; the admins edit it. */
export const STARTING_LOSS_REASONS = [
  'Дорого',
  'Выбрал конкурента',
  'Нет потребности',
  'Не выходит на связь',
];

/** A new project's pipeline ends with 'Успех' and 'Отказ', and its reasons list is filled. */
export async function seedOutcomeStages(tx: Tx, projectId: number) {
  const now = tx.now.toISOString();
  for (const [position, stage] of STARTING_OUTCOME_STAGES.entries()) {
    await insertCategory(tx.db, {
      projectId,
      name: stage.name,
      nameKey: stage.name.toLocaleLowerCase('ru-RU'),
      color: stage.color,
      nextCategoryId: null,
      duration: 0,
      position,
      outcome: stage.outcome,
      now,
    });
  }
  await insertLossReasons(
    tx.db,
    projectId,
    STARTING_LOSS_REASONS.map((name, position) => ({
      name,
      nameKey: name.toLocaleLowerCase('ru-RU'),
      position,
    })),
    now,
  );
}
