import type { Tx } from '../deps.js';
import type { SignalData } from '../events/domain-events.js';
import { createReminderFor } from './reminders.service.js';

/**
 * A bulk action's "reminder for each" (clients/bulk): the clients feature comes before this one
 * and cannot call it, so it signals inside its batch's transaction and each client gets a
 * reminder by the single creation rule (the same history entry; docs/decisions.md, issue 30).
 */
export async function createBulkReminders(tx: Tx, data: SignalData['clients.bulk_reminder']) {
  for (const client of data.clients) await createReminderFor(tx, data.caller, client, data.reminder);
}
