import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientPageEndpoints, historyEndpoints } from '@crm/contract';
import { memberActorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import { clientPageOf, clientTimelineOf } from './client-page.service.js';
import { formerMembersOf } from './history.repository.js';
import { historyOf } from './history.service.js';

/** Every member reads; a manager only the entries about his own clients. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  route(app, historyEndpoints.list, {
    access: 'member',
    handler: ({ request, query }) => historyOf(deps, memberActorIn(request), query),
  });
  route(app, historyEndpoints.formerMembers, {
    access: 'member',
    handler: ({ params }) => formerMembersOf(deps.db, params.projectId),
  });
  // The client's page and its timeline: whoever may reach the client (another manager's → 404).
  route(app, clientPageEndpoints.get, {
    access: 'member',
    handler: ({ request, params }) => clientPageOf(deps, memberActorIn(request), params.clientId),
  });
  route(app, clientPageEndpoints.timeline, {
    access: 'member',
    handler: ({ request, params, query }) =>
      clientTimelineOf(deps, memberActorIn(request), params.clientId, query.before),
  });
};
