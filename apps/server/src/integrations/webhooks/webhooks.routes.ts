import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhooksEndpoints as api } from '@crm/contract';
import { actorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import { senderFor } from './delivery-worker.js';
import {
  changeWebhook,
  createWebhook,
  listDeliveries,
  listWebhookViews,
  removeWebhook,
  retryDelivery,
} from './webhooks.service.js';

/** The project's webhooks and their logs: admins only, never with a key. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Deliveries under way finish (and are recorded) before the app lets the database go.
  app.addHook('onClose', () => senderFor(deps).stop());

  route(app, api.list, { access: 'admin', keys: false, handler: ({ params }) => listWebhookViews(deps.db, params.projectId) });
  route(app, api.create, {
    access: 'admin',
    keys: false,
    handler: ({ request, body }) => createWebhook(deps, actorIn(request), body),
  });
  route(app, api.update, {
    access: 'admin',
    keys: false,
    handler: ({ request, params, body }) => changeWebhook(deps, actorIn(request), params.webhookId, body),
  });
  route(app, api.remove, {
    access: 'admin',
    keys: false,
    handler: async ({ request, params }) => {
      await removeWebhook(deps, actorIn(request), params.webhookId);
      return { ok: true as const };
    },
  });
  route(app, api.deliveries, {
    access: 'admin',
    keys: false,
    handler: ({ params, query }) => listDeliveries(deps.db, params.projectId, params.webhookId, query.page),
  });
  route(app, api.retry, {
    access: 'admin',
    keys: false,
    handler: ({ params }) => retryDelivery(deps, params.projectId, params.webhookId, params.deliveryId),
  });
};
