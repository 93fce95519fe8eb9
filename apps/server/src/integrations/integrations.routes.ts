import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';
import { leadFormsRoutes } from './lead-forms/lead-forms.routes.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';

export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(apiKeysRoutes);
  await app.register(webhooksRoutes);
  await app.register(leadFormsRoutes);
};
