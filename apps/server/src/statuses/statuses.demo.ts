import type { AppDeps } from '../deps.js';
import type { DemoContext } from '../feature.js';

const statuses = [
  { name: 'Новичок', isDefault: true, depositGoal: 0 },
  { name: 'Профи', isDefault: false, depositGoal: 500_000 },
];

/** Manager levels: the default one for newcomers (the demo manager gets it), and one with a deposit goal. */
export async function seedStatusesDemo({ db, clock }: AppDeps, demo: DemoContext): Promise<void> {
  const now = clock.now().toISOString();
  for (const status of statuses) {
    const row = await db
      .insertInto('statuses')
      .values({
        project_id: demo.projectId,
        name: status.name,
        name_key: status.name.toLocaleLowerCase('ru-RU'),
        is_default: status.isDefault ? 1 : 0,
        deposit_goal: status.depositGoal,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (status.isDefault) {
      await db
        .updateTable('project_members')
        .set({ status_id: row.id })
        .where('project_id', '=', demo.projectId)
        .where('role', '=', 'manager')
        .execute();
    }
  }
}
