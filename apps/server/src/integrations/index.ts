import type { Feature } from '../feature.js';
import { seedIntegrationsDemo } from './integrations.demo.js';
import { integrationsRoutes } from './integrations.routes.js';
import * as apiKeys from './migrations/2026_12_02_1010_integrations_api_keys.js';
import * as webhooks from './migrations/2026_12_02_1100_integrations_webhooks.js';
import * as leadForms from './migrations/2026_12_02_1200_integrations_lead_forms.js';
import { webhookDeliveriesJob } from './webhooks/delivery-worker.js';
import { queueWebhooks } from './webhooks/webhook-queue.js';

/**
 * Integrations (docs/product.md §5.6–5.8): the project's API keys for scripts, webhooks that tell
 * another system of its changes, and lead forms for its website.
 */
export const integrationsFeature: Feature = {
  name: 'integrations',
  routes: integrationsRoutes,
  migrations: {
    '2026_12_02_1010_integrations_api_keys': apiKeys,
    '2026_12_02_1100_integrations_webhooks': webhooks,
    '2026_12_02_1200_integrations_lead_forms': leadForms,
  },
  // Each change an endpoint may hear of queues its deliveries in the change's own transaction.
  inTransactionMany: {
    'client.created': queueWebhooks,
    'client.updated': queueWebhooks,
    client_category_changed: queueWebhooks,
    'client.deleted': queueWebhooks,
    'client_reminder.created': queueWebhooks,
    'client_reminder.completed': queueWebhooks,
    'client_reminder.expired': queueWebhooks,
    'client_note.created': queueWebhooks,
    'conversation.message_sent': queueWebhooks,
    'client_import.finished': queueWebhooks,
  },
  jobs: [webhookDeliveriesJob],
  seedDemo: seedIntegrationsDemo,
};
