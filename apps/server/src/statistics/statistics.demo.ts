import type { AppDeps } from '../deps.js';
import type { DemoContext } from '../feature.js';

/**
 * The demo clients are inserted as they stand today; their way there is told here, so the funnel
 * and the time in stage have something to show: each walked the stages in pipeline order from
 * the first one, spending a share of the time between his arrival and his current stage in each.
 */
export async function seedStatisticsDemo({ db }: AppDeps, demo: DemoContext): Promise<void> {
  const categories = await db
    .selectFrom('client_categories')
    .select('id')
    .where('project_id', '=', demo.projectId)
    .orderBy('position')
    .execute();
  const order = categories.map((c) => c.id);
  const clients = await db
    .selectFrom('clients')
    .select(['id', 'manager_id', 'category_id', 'created_at', 'category_entered_at'])
    .where('project_id', '=', demo.projectId)
    .execute();
  const stays = clients.flatMap((client) => {
    const path = order.slice(0, Math.max(0, order.indexOf(client.category_id)) + 1);
    const start = Date.parse(client.created_at);
    const end = Date.parse(client.category_entered_at);
    // Earlier stages share the time before the current one, the first ones a little longer.
    const weights = path.slice(0, -1).map((_, i) => path.length - i);
    const total = weights.reduce((a, b) => a + b, 0);
    let at = start;
    return path.map((categoryId, i) => {
      const last = i === path.length - 1;
      const enteredAt = last ? end : at;
      const leftAt = last ? null : at + Math.round(((end - start) * weights[i]!) / total);
      if (leftAt !== null) at = leftAt;
      return {
        project_id: demo.projectId,
        client_id: client.id,
        manager_id: client.manager_id,
        category_id: categoryId,
        first_entry: 1,
        entered_at: new Date(enteredAt).toISOString(),
        left_at: leftAt === null ? null : new Date(leftAt).toISOString(),
        seconds: leftAt === null ? null : Math.round((leftAt - enteredAt) / 1000),
      };
    });
  });
  // The migration gave every client his current stay already: replace them with the whole way.
  await db.deleteFrom('client_stage_stays').where('project_id', '=', demo.projectId).execute();
  for (let i = 0; i < stays.length; i += 200) {
    await db
      .insertInto('client_stage_stays')
      .values(stays.slice(i, i + 200))
      .execute();
  }
}
