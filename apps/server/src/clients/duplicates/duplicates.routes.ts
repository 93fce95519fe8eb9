import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientsEndpoints } from '@crm/contract';
import { memberActorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import { listDuplicateGroups } from './duplicate-groups.service.js';
import { findDuplicates, storedClientDuplicates } from './duplicates.service.js';
import { mergeClients } from './merge.service.js';

/**
 * The duplicate check and a client's duplicates: any member (a manager learns only whose
 * another's client is). The 'Дубли' view and the merge: admins.
 */
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
  route(app, clientsEndpoints.clientDuplicates, {
    access: 'member',
    handler: ({ request, params }) => storedClientDuplicates(deps.db, memberActorIn(request), params.id),
  });
  route(app, clientsEndpoints.duplicateGroups, {
    access: 'admin',
    handler: ({ request, query }) => listDuplicateGroups(deps, memberActorIn(request), query.page),
  });
  route(app, clientsEndpoints.merge, {
    access: 'admin',
    handler: ({ request, params, body }) =>
      mergeClients(deps, memberActorIn(request), params.id, body.other_id),
  });
};
