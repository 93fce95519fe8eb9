import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientListEndpoints } from '@crm/contract';
import { memberActorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import { listClients, listColumnTotals } from './list.service.js';

/** The list view and the board's totals: any member; a manager sees his own clients only. */
export const clientListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  route(app, clientListEndpoints.list, {
    access: 'member',
    handler: ({ request, query }) => listClients(deps, memberActorIn(request), query),
  });
  route(app, clientListEndpoints.columnTotals, {
    access: 'member',
    handler: ({ request, query }) => listColumnTotals(deps, memberActorIn(request), query),
  });
};
