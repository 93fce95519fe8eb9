import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientViewsEndpoints } from '@crm/contract';
import { memberActorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import { createClientView, deleteClientView, listClientViews, updateClientView } from './views.service.js';

/** Saved views: any member keeps his own; admins share them and change the shared ones. */
export const clientViewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = clientViewsEndpoints;

  route(app, api.list, {
    access: 'member',
    handler: ({ request }) => listClientViews(deps, memberActorIn(request)),
  });
  route(app, api.create, {
    access: 'member',
    handler: ({ request, body }) => createClientView(deps, memberActorIn(request), body),
  });
  route(app, api.update, {
    access: 'member',
    handler: ({ request, params, body }) => updateClientView(deps, memberActorIn(request), params.id, body),
  });
  route(app, api.remove, {
    access: 'member',
    handler: async ({ request, params }) => {
      await deleteClientView(deps, memberActorIn(request), params.id);
      return { ok: true as const };
    },
  });
};
