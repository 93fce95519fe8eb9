import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticsEndpoints } from '@crm/contract';
import { memberActorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import { statisticsOf } from './statistics.service.js';

/** Every member reads; a manager only his own figures. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  route(app, statisticsEndpoints.get, {
    access: 'member',
    handler: ({ request, query }) => statisticsOf(deps, memberActorIn(request), query),
  });
};
