import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lossReasonsEndpoints } from '@crm/contract';
import { actorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import {
  createLossReason,
  deleteLossReason,
  listLossReasons,
  updateLossReason,
} from './loss-reasons.service.js';

/** Loss reasons: members read them (the move dialog), admins keep the list. */
export const lossReasonsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = lossReasonsEndpoints;

  route(app, api.list, {
    access: 'member',
    handler: ({ params }) => listLossReasons(deps.db, params.projectId),
  });
  route(app, api.create, {
    access: 'admin',
    handler: ({ request, body }) => createLossReason(deps, actorIn(request), body.name),
  });
  route(app, api.update, {
    access: 'admin',
    handler: ({ request, params, body }) => updateLossReason(deps, actorIn(request), params.id, body.name),
  });
  route(app, api.remove, {
    access: 'admin',
    handler: async ({ request, params }) => {
      await deleteLossReason(deps, actorIn(request), params.id);
      return { ok: true as const };
    },
  });
};
