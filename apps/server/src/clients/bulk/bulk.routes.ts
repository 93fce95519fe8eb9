import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientBulkEndpoints } from '@crm/contract';
import { memberActorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import { getBulk, runningBulks, startBulk } from './bulk.service.js';

/** Bulk actions: any member on his own clients (reassigning and deleting: admins); each follows his own. */
export const clientBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = clientBulkEndpoints;

  route(app, api.start, {
    access: 'member',
    handler: ({ request, body }) => startBulk(deps, memberActorIn(request), body),
  });
  route(app, api.running, {
    access: 'member',
    handler: ({ request }) => runningBulks(deps, memberActorIn(request)),
  });
  route(app, api.get, {
    access: 'member',
    handler: ({ request, params }) => getBulk(deps, memberActorIn(request), params.id),
  });
};
