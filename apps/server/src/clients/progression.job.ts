import { transaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import type { Job } from '../jobs/job.js';
import { findCategory, listProgressingCategories, lockCategory } from './categories/categories.repository.js';
import { findClient, listDueClients, moveClient } from './clients.repository.js';
import { recordCategoryChange } from './clients.service.js';

/** Clients moved per category and pass; the rest wait for the next pass (a minute later). */
export const PROGRESS_BATCH = 500;

type ProgressingCategory = Awaited<ReturnType<typeof listProgressingCategories>>[number];

/**
 * Moves one due client on, in a transaction of its own: claimed by one conditional UPDATE on
 * (id, category, entered at), so of two passes (two instances, or a person moving him at the
 * same moment) only one moves him; the move is written to the history with no actor and fires
 * `client_category_changed`, like a manual one.
 */
async function progressClient(
  deps: AppDeps,
  category: ProgressingCategory,
  client: { id: number; category_entered_at: string },
): Promise<boolean> {
  return transaction(deps, async (tx) => {
    const nextId = category.next_category_id;
    if (nextId === null) return false;
    // Held, so it cannot be deleted under the move (categories first, then the client).
    const next = await lockCategory(tx.db, category.project_id, nextId);
    // Never into a stage that ends the pipeline (the settings refuse it; docs/decisions.md, issue 30).
    if (!next || next.outcome !== null) return false;
    const moved = await moveClient(tx.db, {
      id: client.id,
      fromCategoryId: category.id,
      enteredAt: client.category_entered_at,
      toCategoryId: next.id,
      now: tx.now.toISOString(),
    });
    if (!moved) return false;
    const from = await findCategory(tx.db, category.project_id, category.id);
    const row = await findClient(tx.db, category.project_id, client.id, null);
    if (!row) return false;
    await recordCategoryChange(
      tx,
      { projectId: category.project_id, actorId: null, impersonatorId: null },
      {
        client: row,
        from: { id: category.id, name: from?.name ?? `#${category.id}` },
        to: { id: next.id, name: next.name },
        automaticAfter: Number(category.duration),
      },
    );
    return true;
  });
}

/**
 * docs/product.md §7.1: a client who has stayed in a category for its `duration` (> 0) while it
 * has a next category moves to the next one. Due is "entered at or before now − duration".
 */
export const progressionJob: Job = {
  name: 'clients.progress',
  intervalMs: 60_000,
  async run(deps, now) {
    let moved = 0;
    for (const category of await listProgressingCategories(deps.db)) {
      const enteredBy = new Date(now.getTime() - Number(category.duration) * 1000).toISOString();
      for (const client of await listDueClients(deps.db, category.id, enteredBy, PROGRESS_BATCH)) {
        try {
          if (await progressClient(deps, category, client)) moved += 1;
        } catch (err) {
          // One client's failure (a veto by another feature, say) does not stop the others.
          deps.log.error(
            { err, clientId: client.id, categoryId: category.id },
            'automatic category move failed',
          );
        }
      }
    }
    return moved;
  },
};
