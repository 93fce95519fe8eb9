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
    .select(['id', 'outcome'])
    .where('project_id', '=', demo.projectId)
    .orderBy('position')
    .execute();
  const order = categories.filter((c) => c.outcome === null).map((c) => c.id);
  const outcomeOf = new Map(categories.map((c) => [c.id, c.outcome]));
  const reasons = await db
    .selectFrom('loss_reasons')
    .select(['id', 'name'])
    .where('project_id', '=', demo.projectId)
    .orderBy('position')
    .execute();
  const clients = await db
    .selectFrom('clients')
    .select(['id', 'manager_id', 'category_id', 'created_at', 'category_entered_at'])
    .where('project_id', '=', demo.projectId)
    .execute();
  const stays = clients.flatMap((client) => {
    // A won client walked the whole pipeline, a lost one part of it, then closed (with a reason).
    const outcome = outcomeOf.get(client.category_id) ?? null;
    const path =
      outcome === null
        ? order.slice(0, Math.max(0, order.indexOf(client.category_id)) + 1)
        : [
            ...order.slice(0, outcome === 'won' ? order.length : 1 + (client.id % (order.length - 1))),
            client.category_id,
          ];
    const reason = outcome === 'lost' ? reasons[client.id % (reasons.length + 1)] : undefined;
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
        // Every row names every column: a batch insert on SQLite has no DEFAULT to fill a gap.
        loss_reason_id: last && outcome === 'lost' ? (reason?.id ?? null) : null,
        loss_reason: last && outcome === 'lost' ? (reason?.name ?? 'Ушёл к партнёру по рекомендации') : null,
        seconds_from_start: last && outcome !== null ? Math.round((enteredAt - start) / 1000) : null,
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
