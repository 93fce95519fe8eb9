import type { Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import { findUserNames, handOverClients } from './clients.repository.js';

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
