import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountFlowsRoutes } from './accounts/account-flows.routes.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { projectsRoutes } from './projects/projects.routes.js';
import { statusesRoutes } from './statuses/statuses.routes.js';
import { invitationsRoutes } from './team/invitations.routes.js';
import { teamRoutes } from './team/team.routes.js';

/** Every feature's routes, mounted under /api/v1. A new feature is a folder and a line here. */
export const featureRoutes: FastifyPluginAsyncZod[] = [
  accountsRoutes,
  accountFlowsRoutes,
  projectsRoutes,
  teamRoutes,
  invitationsRoutes,
  statusesRoutes,
];
