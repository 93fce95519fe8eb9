import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientsEndpoints } from '@crm/contract';
import { memberActorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import { searchClients } from './search.service.js';

/** The global client search: any member; a manager finds his own clients, admins all. */
export const clientSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  route(app, clientsEndpoints.search, {
    access: 'member',
    handler: ({ request, query }) => searchClients(deps, memberActorIn(request), query),
  });
};
