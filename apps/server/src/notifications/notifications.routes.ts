import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsEndpoints } from '@crm/contract';
import { authOf } from '../http/access.js';
import { route } from '../http/route.js';
import { listForUser, markAllRead, markOneRead, unreadCount } from './notifications.service.js';

/** The signed-in person's own notifications: nobody reaches another's. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = notificationsEndpoints;
  const scope = (request: Parameters<typeof authOf>[0], projectId: number | undefined) => ({
    userId: authOf(request).user.id,
    projectId,
  });

  route(app, api.list, {
    access: 'user',
    handler: ({ request, query }) => listForUser(deps, scope(request, query.project_id)),
  });
  route(app, api.unreadCount, {
    access: 'user',
    handler: ({ request, query }) => unreadCount(deps, scope(request, query.project_id)),
  });
  route(app, api.markAllRead, {
    access: 'user',
    handler: ({ request, query }) => markAllRead(deps, scope(request, query.project_id)),
  });
  route(app, api.markRead, {
    access: 'user',
    handler: ({ request, params }) => markOneRead(deps, authOf(request).user.id, params.id),
  });
};
