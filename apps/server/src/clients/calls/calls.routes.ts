import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCallsEndpoints } from '@crm/contract';
import { memberActorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import { logCall } from './calls.service.js';

/** Logging a call: whoever may reach the client (a manager only his own; another's → 404). */
export const clientCallsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  route(app, clientCallsEndpoints.create, {
    access: 'member',
    handler: ({ request, params, body }) => logCall(deps, memberActorIn(request), params.clientId, body),
  });
};
