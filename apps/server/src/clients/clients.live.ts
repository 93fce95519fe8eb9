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

/**
 * After a change to clients commits, open boards and client panels read them again
 * (docs/product.md §8.3): the project's admins and the managers concerned are told; a manager never
 * hears of another's client.
 */
export async function tellOpenPagesClientsChanged(deps: AppDeps, event: ClientEvent) {
  const people = new Set([...(await projectAdminIds(deps.db, event.projectId)), ...managersIn(event)]);
  const clientId = event.kind === 'client.handed_over' ? null : (event.clientId ?? event.subjectId ?? null);
  const live: LiveEvent = {
    type: 'clients.changed',
    payload: { project_id: event.projectId, client_id: clientId },
  };
  await Promise.all([...people].map((userId) => deps.publisher.publish(`user:${userId}`, live)));
}
