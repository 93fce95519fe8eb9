import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsEndpoints } from '@crm/contract';
import { personScope } from '../http/access.js';
import { route } from '../http/route.js';
import { listForUser, markAllRead, markOneRead, unreadCount } from './notifications.service.js';

/**
 * The signed-in person's own notifications: nobody reaches another's, and an admin switched into
 * a manager's account reaches only that project's.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = notificationsEndpoints;

  route(app, api.list, {
    access: 'user',
    handler: ({ request, query }) => listForUser(deps, personScope(request, query.project_id)),
  });
  route(app, api.unreadCount, {
    access: 'user',
    handler: ({ request, query }) => unreadCount(deps, personScope(request, query.project_id)),
  });
  route(app, api.markAllRead, {
    access: 'user',
    handler: ({ request, query }) => markAllRead(deps, personScope(request, query.project_id)),
  });
  route(app, api.markRead, {
    access: 'user',
    handler: ({ request, params }) => markOneRead(deps, personScope(request), params.id),
  });
};
