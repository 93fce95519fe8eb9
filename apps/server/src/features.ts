import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { projectsRoutes } from './projects/projects.routes.js';

/** Every feature's routes, mounted under /api/v1. A new feature is a folder and a line here. */
export const featureRoutes: FastifyPluginAsyncZod[] = [accountsRoutes, projectsRoutes];
