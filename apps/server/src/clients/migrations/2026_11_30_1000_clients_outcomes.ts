import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/** Frozen copies of what a project starts with (categories/outcome-stages.ts): migrations import no app code. */
const STAGES = [
  { outcome: 'won', name: 'Успех', color: '77EF83' },
  { outcome: 'lost', name: 'Отказ', color: 'FF8C8C' },
] as const;
const REASONS = ['Дорого', 'Выбрал конкурента', 'Нет потребности', 'Не выходит на связь'];

/**
 * Stages that end the pipeline (docs/product.md §4.6): a category's `outcome` ('won', 'lost' or
 * null) and the project's list of loss reasons. Every existing project gets one stage of each
 * kind and the starting reasons, as a new project does (docs/decisions.md, issue 30): new,
 * empty stages after the others, which nothing leads to, so no client moves and no automatic
 * move changes; a name already taken gets ' (итог)'.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('client_categories').addColumn('outcome', 'text').execute();
  await withId(db, db.schema.createTable('loss_reasons'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('loss_reasons_project_name_uq', ['project_id', 'name_key'])
    .execute();

  // Dated as the project (a migration reads no clock): as if it had started with them.
  const projects = await db.selectFrom('projects').select(['id', 'created_at']).orderBy('id').execute();
  for (const { id: projectId, created_at: now } of projects) {
    const existing = await db
      .selectFrom('client_categories')
      .select((eb) => ['name_key', eb.fn.max('position').over().as('last')])
      .where('project_id', '=', projectId)
      .execute();
    const taken = new Set(existing.map((c) => c.name_key as string));
    let position = existing.length === 0 ? 0 : Number(existing[0]!.last) + 1;
    for (const stage of STAGES) {
      const name = taken.has(stage.name.toLocaleLowerCase('ru-RU')) ? `${stage.name} (итог)` : stage.name;
      await db
        .insertInto('client_categories')
        .values({
          project_id: projectId,
          name,
          name_key: name.toLocaleLowerCase('ru-RU'),
          color: stage.color,
          next_category_id: null,
          duration: 0,
          position: position++,
          outcome: stage.outcome,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await db
      .insertInto('loss_reasons')
      .values(
        REASONS.map((name, i) => ({
          project_id: projectId,
          name,
          name_key: name.toLocaleLowerCase('ru-RU'),
          position: i,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}
