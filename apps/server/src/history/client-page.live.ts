import type { HistoryKind } from '@crm/contract';
import { clientsByIds, tellClientChanges, type ClientChange } from '../clients/index.js';
import type { AppDeps } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';

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
 * Reminders or messages about clients committed: the open pages of those clients (and the boards,
 * whose cards show the next reminder) read them again, as for the clients' own changes
 * (`clients.changed`, docs/product.md §8.3): the project's admins and each client's manager.
 */
export async function tellOpenClientPages(
  deps: AppDeps,
  events: DomainEvent<(typeof timelineKinds)[number]>[],
) {
  const ids = new Map<number, number[]>();
  for (const e of events)
    if (e.clientId != null) ids.set(e.projectId, [...(ids.get(e.projectId) ?? []), e.clientId]);
  const changes: ClientChange[] = [];
  for (const [projectId, clientIds] of ids) {
    const clients = await clientsByIds(deps.db, clientIds, projectId);
    for (const client of clients.values())
      changes.push({ projectId, clientId: client.id, managerIds: [client.manager_id] });
  }
  await tellClientChanges(deps, changes);
}
