import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  loginBody,
  okSchema,
  registerBody,
  tokenResponse,
  userProjectSchema,
  userSchema,
} from '@crm/contract';
import { revokeToken } from '../http/access-tokens.js';
import { ok } from '../http/envelope.js';
import { authOf } from '../http/access.js';
import { loadUserView } from '../http/user-view.js';
import { listUserProjects } from './accounts.repository.js';
import { login, register } from './accounts.service.js';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post('/register', {
    config: { access: 'public' },
    schema: { tags: ['accounts'], body: registerBody, response: { 201: envelope(tokenResponse) } },
    handler: async (request, reply) => {
      const { token } = await register(app.deps, request.body, request.log);
      return reply.code(201).send(ok({ token }));
    },
  });

  app.post('/login', {
    config: { access: 'public' },
    schema: { tags: ['accounts'], body: loginBody, response: { 200: envelope(tokenResponse) } },
    handler: async (request) => {
      const { token } = await login(app.deps, request.body, request.ip);
      return ok({ token });
    },
  });

  app.post('/logout', {
    config: { access: 'user' },
    schema: { tags: ['accounts'], response: { 200: envelope(okSchema) } },
    handler: async (request) => {
      await revokeToken(db, authOf(request).tokenId);
      return ok({ ok: true as const });
    },
  });

  app.get('/user', {
    config: { access: 'user' },
    schema: { tags: ['accounts'], response: { 200: envelope(userSchema) } },
    handler: async (request) => {
      return ok(await loadUserView(db, authOf(request).user));
    },
  });

  app.get('/user/projects', {
    config: { access: 'user' },
    schema: { tags: ['accounts'], response: { 200: envelope(z.array(userProjectSchema)) } },
    handler: async (request) => {
      const auth = authOf(request);
      const projects = await listUserProjects(db, auth.user.id);
      // An impersonation token sees only the project it was issued for.
      return ok(auth.projectId === null ? projects : projects.filter((p) => p.id === auth.projectId));
    },
  });
};
