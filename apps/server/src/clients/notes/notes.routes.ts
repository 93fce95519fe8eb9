import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientNotesEndpoints } from '@crm/contract';
import { route } from '../../http/route.js';
import { memberActorIn } from '../../http/actor.js';
import { createNote, listNotes } from './notes.service.js';

/** Notes on a client: whoever may reach the client (a manager only his own; another's → 404). */
export const clientNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = clientNotesEndpoints;

  route(app, api.list, {
    access: 'member',
    handler: ({ request, params }) => listNotes(deps, memberActorIn(request), params.clientId),
  });
  route(app, api.create, {
    access: 'member',
    handler: ({ request, params, body }) =>
      createNote(deps, memberActorIn(request), params.clientId, body.note),
  });
};
