import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@crm/contract';
import { clientViews } from '../../clients/index.js';
import { messagesByIds } from '../../conversations/index.js';
import type { Tx } from '../../deps.js';
import type { DomainEvent } from '../../events/domain-events.js';
import { loadReminder } from '../../reminders/index.js';
import { kickDeliveries } from './delivery-worker.js';
import { enabledWebhooks, insertDeliveries, type NewDelivery } from './webhooks.repository.js';

/** What one change tells the endpoints: the event, the client it is about (the order), the entity. */
type Told = {
  projectId: number;
  event: WebhookEvent;
  clientId: number | null;
  /** The entity as the API answers it, read in the change's transaction (so as committed). */
  data: (tx: Tx, clients: Map<number, unknown>) => Promise<unknown>;
  /** What it was before, where the change keeps it. */
  previous?: unknown;
};

const clientOf = (id: number) => async (_tx: Tx, clients: Map<number, unknown>) => clients.get(id) ?? null;
const reminderOf = (projectId: number, id: number) => (tx: Tx) =>
  loadReminder(tx.db, { projectId, managerId: null }, id);
const managerOf = (view: unknown) => (view as { manager_id?: number } | null)?.manager_id;

function told(e: DomainEvent): Told[] {
  const at = { projectId: e.projectId };
  switch (e.kind) {
    case 'client.created':
      return [{ ...at, event: 'client.created', clientId: e.data.clientId, data: clientOf(e.data.clientId) }];
    case 'client.updated': {
      const id = e.subjectId!;
      const changes: Told[] = [{ ...at, event: 'client.updated', clientId: id, data: clientOf(id), previous: e.before }];
      if (managerOf(e.before) !== managerOf(e.after)) {
        changes.push({ ...at, event: 'client.reassigned', clientId: id, data: clientOf(id), previous: e.before });
      }
      return changes;
    }
    case 'client_category_changed':
      return [
        {
          ...at,
          event: 'client.stage_changed',
          clientId: e.data.clientId,
          data: clientOf(e.data.clientId),
          previous: { category_id: e.data.fromCategoryId },
        },
      ];
    case 'client.deleted':
      return [{ ...at, event: 'client.deleted', clientId: e.data.clientId, data: async () => e.before ?? { id: e.data.clientId } }];
    case 'client_reminder.created':
    case 'client_reminder.completed':
    case 'client_reminder.expired': {
      const event = e.kind === 'client_reminder.created' ? 'reminder.created' : e.kind === 'client_reminder.completed' ? 'reminder.completed' : 'reminder.expired';
      return [{ ...at, event, clientId: e.clientId ?? null, data: reminderOf(e.projectId, e.subjectId!) }];
    }
    case 'client_note.created':
      return [{ ...at, event: 'note.created', clientId: e.data.clientId, data: async () => e.after }];
    case 'conversation.message_sent': {
      const messageId = (e.after as { message_id: number }).message_id;
      return [
        {
          ...at,
          event: 'conversation.message',
          clientId: e.clientId ?? null,
          data: async (tx) => {
            const [message] = await messagesByIds(tx.db, [messageId]);
            return { ...message, client_id: e.clientId ?? null };
          },
        },
      ];
    }
    case 'client_import.finished':
      return [{ ...at, event: 'import.finished', clientId: null, data: async () => ({ id: e.subjectId, ...(e.after as object) }) }];
    default:
      return [];
  }
}

export const newMessageId = () => `msg_${randomBytes(12).toString('hex')}`;

/**
 * Queues a delivery to every enabled endpoint of the project that asked for the event, in the
 * change's transaction: it leaves only once the change committed, and is never lost if the
 * server stops in between (docs/decisions.md, "Webhooks"). This instance's sender is woken then.
 */
export async function queueWebhooks(tx: Tx, events: readonly DomainEvent[]): Promise<void> {
  const projectIds = [...new Set(events.map((e) => e.projectId))];
  const hooks = (await enabledWebhooks(tx.db, projectIds)).map((h) => ({
    ...h,
    events: new Set(JSON.parse(h.events) as WebhookEvent[]),
  }));
  if (hooks.length === 0) return;
  const items = events
    .flatMap(told)
    .map((item) => ({ item, to: hooks.filter((h) => h.project_id === item.projectId && h.events.has(item.event)) }))
    .filter(({ to }) => to.length > 0);
  if (items.length === 0) return;

  const clients = new Map<number, unknown>();
  for (const projectId of projectIds) {
    const ids = [
      ...new Set(
        items.filter(({ item }) => item.projectId === projectId && item.event !== 'client.deleted').flatMap(({ item }) =>
          item.clientId === null ? [] : [item.clientId],
        ),
      ),
    ];
    for (const [id, view] of await clientViews(tx.db, projectId, ids)) clients.set(id, view);
  }
  const at = tx.now.toISOString();
  const rows: NewDelivery[] = [];
  for (const { item, to } of items) {
    const data = await item.data(tx, clients);
    for (const hook of to) {
      const messageId = newMessageId();
      const body = JSON.stringify({
        id: messageId,
        type: item.event,
        timestamp: at,
        project_id: item.projectId,
        data,
        ...(item.previous !== undefined ? { previous: item.previous } : {}),
      });
      rows.push({
        webhook_id: hook.id,
        message_id: messageId,
        event: item.event,
        order_key: item.clientId === null ? null : `client:${item.clientId}`,
        body,
        created_at: at,
      });
    }
  }
  await insertDeliveries(tx.db, rows);
  tx.onCommit(() => kickDeliveries(tx.deps));
}
