import { CATEGORY_NOT_FOUND } from '@crm/contract';
import type { Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import { invalidField } from '../http/app-error.js';
import { existingCategoryIds } from './categories.repository.js';
import { findUserNames, handOverClients } from './clients.repository.js';

/** Status goals name client categories: each must be one of the project's (the statuses feature asks). */
export async function refuseForeignGoalCategories(tx: Tx, event: DomainEvent<'status.goals_set'>) {
  const ids = event.data.goals.map((g) => g.client_category_id);
  const known = await existingCategoryIds(tx.db, event.projectId, ids);
  const bad = ids.findIndex((id) => !known.has(id));
  if (bad >= 0) throw invalidField(`goals.${bad}.client_category_id`, CATEGORY_NOT_FOUND);
}

/** A removed member's clients pass to his successor (the admin who removed him), in the removal. */
export async function handOverRemovedMembersClients(tx: Tx, event: DomainEvent<'member.removed'>) {
  const { userId, successorId } = event.data;
  const moved = await handOverClients(tx.db, event.projectId, userId, successorId, tx.now.toISOString());
  if (moved === 0) return;
  const names = await findUserNames(tx.db, [userId, successorId]);
  const name = (id: number) => names.find((u) => u.id === id)?.name ?? `#${id}`;
  await tx.record({
    projectId: event.projectId,
    actorId: event.actorId,
    impersonatorId: event.impersonatorId ?? null,
    kind: 'client.handed_over',
    subjectType: 'user',
    subjectId: userId,
    message: `Клиенты участника ${name(userId)} (${moved}) переданы администратору ${name(successorId)}`,
    before: { manager_id: userId, clients: moved },
    after: { manager_id: successorId, clients: moved },
  });
}
