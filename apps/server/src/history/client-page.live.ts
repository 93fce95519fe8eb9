import type { HistoryKind, LiveEvent } from '@crm/contract';
import { clientsByIds } from '../clients/index.js';
import type { AppDeps } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';
import { projectAdminIds } from '../team/index.js';

/** What else a client's timeline shows besides the clients feature's own changes (which tell by themselves). */
export const timelineKinds = [
  'client_reminder.created',
  'client_reminder.rescheduled',
  'client_reminder.remind_before_set',
  'client_reminder.tasks_completed',
  'client_reminder.completed',
  'client_reminder.canceled',
  'client_reminder.expired',
  'client_reminder.skipped',
  'conversation.message_sent',
] as const satisfies readonly HistoryKind[];

/**
 * A reminder or a message about a client committed: the open pages of that client (and the boards,
 * whose cards show the next reminder) read him again, as for the clients' own changes
 * (`clients.changed`, docs/product.md §8.3): the project's admins and the client's manager.
 */
export async function tellOpenClientPages(deps: AppDeps, event: DomainEvent<(typeof timelineKinds)[number]>) {
  const clientId = event.clientId ?? null;
  if (clientId === null) return;
  const client = (await clientsByIds(deps.db, [clientId], event.projectId)).get(clientId);
  if (!client) return;
  const people = new Set([...(await projectAdminIds(deps.db, event.projectId)), client.manager_id]);
  const live: LiveEvent = {
    type: 'clients.changed',
    payload: { project_id: event.projectId, client_id: clientId },
  };
  await Promise.all([...people].map((userId) => deps.publisher.publish(`user:${userId}`, live)));
}
