import type { LiveEvent } from '@crm/contract';
import type { AppDeps } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import { projectAdminIds } from '../team/index.js';

type ClientEvent = DomainEvent<
  | 'client.created'
  | 'client.updated'
  | 'client.deleted'
  | 'client.handed_over'
  | 'client.merged'
  | 'client_category_changed'
  | 'client_note.created'
  | 'client_call.logged'
>;

const managerOf = (state: unknown) => (state as { manager_id?: unknown } | null | undefined)?.manager_id;

/**
 * The managers an event concerns: the client's, and on a reassignment also the one it left (his
 * board loses the card). Read from the event's details and its before/after states.
 */
const managersIn = (event: ClientEvent): number[] => {
  const ids = [
    event.data && 'managerId' in event.data ? event.data.managerId : undefined,
    managerOf(event.before),
    managerOf(event.after),
  ];
  return ids.filter((id): id is number => typeof id === 'number');
};

/** A change that concerns a client (or, with `clientId` null, several) and the managers it concerns. */
export type ClientChange = { projectId: number; clientId: number | null; managerIds: number[] };

/**
 * Tells open boards and client pages that clients changed (docs/product.md §8.3): the project's
 * admins hear of every change, a manager only of those that concern him. Each person gets one
 * message for the lot, naming the client when only one changed: a bulk action's batch of 500
 * moves is one message per person, not 500.
 */
export async function tellClientChanges(deps: AppDeps, changes: ClientChange[]) {
  const byProject = new Map<number, ClientChange[]>();
  for (const c of changes) byProject.set(c.projectId, [...(byProject.get(c.projectId) ?? []), c]);
  const messages: Promise<void>[] = [];
  for (const [projectId, same] of byProject) {
    const admins = await projectAdminIds(deps.db, projectId);
    const heard = new Map<number, Set<number | null>>();
    const hears = (userId: number, clientId: number | null) =>
      heard.set(userId, (heard.get(userId) ?? new Set()).add(clientId));
    for (const change of same) {
      for (const userId of admins) hears(userId, change.clientId);
      for (const userId of change.managerIds) hears(userId, change.clientId);
    }
    for (const [userId, clients] of heard) {
      const only = clients.size === 1 ? [...clients][0]! : null;
      const live: LiveEvent = {
        type: 'clients.changed',
        payload: { project_id: projectId, client_id: only },
      };
      messages.push(deps.publisher.publish(`user:${userId}`, live));
    }
  }
  await Promise.all(messages);
}

/** After a change to clients commits, open boards and client panels read them again. */
export async function tellOpenPagesClientsChanged(deps: AppDeps, events: ClientEvent[]) {
  await tellClientChanges(
    deps,
    events.map((event) => ({
      projectId: event.projectId,
      clientId: event.kind === 'client.handed_over' ? null : (event.clientId ?? event.subjectId ?? null),
      managerIds: managersIn(event),
    })),
  );
}
