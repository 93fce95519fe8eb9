import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { integrationsEndpoints as api } from '@crm/contract';
import { memberActorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

/** The project's API keys: admins only, and never with a key (a key cannot mint another). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  route(app, api.apiKeys, {
    access: 'admin',
    keys: false,
    handler: ({ params }) => listApiKeys(deps.db, params.projectId),
  });
  route(app, api.createApiKey, {
    access: 'admin',
    keys: false,
    handler: ({ request, body }) => createApiKey(deps, memberActorIn(request), body),
  });
  route(app, api.revokeApiKey, {
    access: 'admin',
    keys: false,
    handler: async ({ request, params }) => {
      await revokeApiKey(deps, memberActorIn(request), params.keyId);
      return { ok: true as const };
    },
  });
};
