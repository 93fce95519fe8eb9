import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientsEndpoints } from '@crm/contract';
import { memberActorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import {
  changeClientCategory,
  createClient,
  deleteClient,
  getClient,
  listClientPage,
  updateClient,
} from './clients.service.js';
import { hasSearchFilters, listFoundClientPage } from './list/list.service.js';

/** Clients: any member; a manager works with his own (another's → 404), admins with all. */
export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = clientsEndpoints;

  route(app, api.list, {
    access: 'member',
    handler: ({ request, query }) =>
      hasSearchFilters(query)
        ? listFoundClientPage(deps, memberActorIn(request), query)
        : listClientPage(deps, memberActorIn(request), query),
  });
  route(app, api.create, {
    access: 'member',
    handler: ({ request, body }) => createClient(deps, memberActorIn(request), body),
  });
  route(app, api.get, {
    access: 'member',
    handler: ({ request, params }) => getClient(deps, memberActorIn(request), params.id),
  });
  route(app, api.update, {
    access: 'member',
    handler: ({ request, params, body }) => updateClient(deps, memberActorIn(request), params.id, body),
  });
  route(app, api.remove, {
    access: 'member',
    handler: async ({ request, params }) => {
      await deleteClient(deps, memberActorIn(request), params.id);
      return { ok: true as const };
    },
  });
  route(app, api.updateCategory, {
    access: 'member',
    handler: ({ request, params, body }) =>
      changeClientCategory(deps, memberActorIn(request), params.id, body),
  });
};
