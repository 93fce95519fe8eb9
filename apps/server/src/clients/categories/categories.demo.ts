import type { RichText } from '@crm/contract';
import type { Db } from '../../db/database.js';
import './categories.tables.js';
import { insertLossReasons } from './loss-reasons.repository.js';
import { STARTING_LOSS_REASONS } from './outcome-stages.js';

/** A stage of the demo pipeline: its next stage by key, and its hint. */
export type DemoCategory = {
  key: string;
  name: string;
  color: string;
  hours: number;
  next: string | null;
  clue?: RichText;
  /** A stage that ends the pipeline ('Успех', 'Отказ'). */
  outcome?: 'won' | 'lost';
};

/**
 * The demo pipeline's categories in this order, each linked to its next one and with its hint;
 * answers their ids by key.
 */
export async function seedCategoriesDemo(
  db: Db,
  projectId: number,
  now: string,
  pipeline: readonly DemoCategory[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [position, category] of pipeline.entries()) {
    const row = await db
      .insertInto('client_categories')
      .values({
        project_id: projectId,
        name: category.name,
        name_key: category.name.toLocaleLowerCase('ru-RU'),
        color: category.color,
        next_category_id: null,
        duration: category.hours * 3600,
        position,
        outcome: category.outcome ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(category.key, row.id);
    if (category.clue) {
      await db
        .insertInto('clues')
        .values({
          project_id: projectId,
          type: 'client_category',
          type_id: row.id,
          clue: JSON.stringify(category.clue),
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
  for (const category of pipeline) {
    if (!category.next) continue;
    await db
      .updateTable('client_categories')
      .set({ next_category_id: ids.get(category.next) ?? null })
      .where('id', '=', ids.get(category.key) ?? 0)
      .execute();
  }
  return ids;
}

/** The demo's reasons list: the starting ones and one the admins added. */
export async function seedLossReasonsDemo(db: Db, projectId: number, now: string) {
  const names = [...STARTING_LOSS_REASONS, 'Долгие сроки'];
  await insertLossReasons(
    db,
    projectId,
    names.map((name, position) => ({ name, nameKey: name.toLocaleLowerCase('ru-RU'), position })),
    now,
  );
}
