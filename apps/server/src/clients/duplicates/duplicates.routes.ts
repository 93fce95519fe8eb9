import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientsEndpoints } from '@crm/contract';
import { memberActorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import { findDuplicates } from './duplicates.service.js';

/** The duplicate check: any member (a manager learns only whose another's client is). */
export const clientDuplicatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  route(app, clientsEndpoints.duplicates, {
    access: 'member',
    handler: ({ request, body }) =>
      findDuplicates(deps.db, memberActorIn(request), {
        clientId: body.client_id ?? null,
        name: body.name,
        last_name: body.last_name,
        fields: body.fields,
        newOnly: body.client_id !== undefined,
      }),
  });
};
