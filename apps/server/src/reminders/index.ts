import type { Feature } from '../feature.js';
import { createBulkReminders } from './bulk.handlers.js';
import { dueRemindersJob } from './due.job.js';
import * as reminders from './migrations/2026_11_24_0010_reminders.js';
import { seedRemindersDemo } from './reminders.demo.js';
import { remindersRoutes } from './reminders.routes.js';
import { scenariosRoutes } from './scenarios.routes.js';
import {
  onCategoryChanged,
  onClientCreated,
  onClientImported,
  onClientMerged,
  onClientUpdated,
  onFieldChanged,
  onMemberRemoved,
} from './triggers.js';

/** Client reminders, their scenarios (templates) and the scheduler that expires and announces them. */
export const remindersFeature: Feature = {
  name: 'reminders',
  routes: async (app) => {
    await app.register(remindersRoutes);
    await app.register(scenariosRoutes);
  },
  migrations: { '2026_11_24_0010_reminders': reminders },
  inTransaction: {
    'client.created': onClientCreated,
    'client.imported': onClientImported,
    client_form_field_changed: onFieldChanged,
    'client.updated': onClientUpdated,
    'client.merged': onClientMerged,
    'member.removed': onMemberRemoved,
  },
  inTransactionMany: { client_category_changed: onCategoryChanged },
  onSignal: { 'clients.bulk_reminder': createBulkReminders },
  jobs: [dueRemindersJob],
  seedDemo: seedRemindersDemo,
};

export { dueRemindersJob } from './due.job.js';

/** A client's timeline names the reminders its entries are about (history/). */
export { remindersByIds } from './reminders.repository.js';
/** A reminder as the API answers it (a webhook's payload). */
export { loadReminder } from './reminders.service.js';
