import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsEndpoints as api } from '@crm/contract';
import { authOf } from '../http/access.js';
import { route } from '../http/route.js';
import { revokeToken } from '../identity/tokens.js';
import { loadUserView } from '../identity/user-view.js';
import { listUserProjects } from './accounts.repository.js';
import { login, register } from './accounts.service.js';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;

  route(app, api.register, {
    access: 'public',
    handler: async ({ body }) => ({ token: (await register(deps, body)).token }),
  });
  route(app, api.login, {
    access: 'public',
    handler: async ({ body, request }) => ({ token: (await login(deps, body, request.ip)).token }),
  });
  route(app, api.logout, {
    access: 'user',
    handler: async ({ request }) => {
      const auth = authOf(request);
      await revokeToken(db, auth.tokenId);
      await deps.access.changed({ userId: auth.user.id });
      return { ok: true as const };
    },
  });
  route(app, api.user, { access: 'user', handler: ({ request }) => loadUserView(deps, authOf(request).user) });
  route(app, api.userProjects, {
    access: 'user',
    handler: async ({ request }) => {
      const auth = authOf(request);
      const projects = await listUserProjects(db, auth.user.id);
      // An impersonation token sees only the project it was issued for.
      return auth.projectId === null ? projects : projects.filter((p) => p.id === auth.projectId);
    },
  });
};
