import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyEndpoints } from '@crm/contract';
import { memberActorIn } from '../http/actor.js';
import { route } from '../http/route.js';
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
};
