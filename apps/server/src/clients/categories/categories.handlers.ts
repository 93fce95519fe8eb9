import { CATEGORY_NOT_FOUND } from '@crm/contract';
import type { Tx } from '../../deps.js';
import type { DomainEvent } from '../../events/domain-events.js';
import { invalidField } from '../../http/app-error.js';
import { existingCategoryIds } from './categories.repository.js';

/** Status goals name client categories: each must be one of the project's (the statuses feature asks). */
export async function refuseForeignGoalCategories(tx: Tx, event: DomainEvent<'status.goals_set'>) {
  const ids = event.data.goals.map((g) => g.client_category_id);
  const known = await existingCategoryIds(tx.db, event.projectId, ids);
  const bad = ids.findIndex((id) => !known.has(id));
  if (bad >= 0) throw invalidField(`goals.${bad}.client_category_id`, CATEGORY_NOT_FOUND);
}
