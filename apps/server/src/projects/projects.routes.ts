import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  projectCreateBody,
  projectParams,
  projectSchema,
  projectUpdateBody,
  projectUserSchema,
} from '@crm/contract';
import { ok } from '../http/envelope.js';
import { authOf, memberOf } from '../http/access.js';
import { actorIn } from '../http/actor.js';
import { notFound } from '../http/app-error.js';
import { loadUserView } from '../http/user-view.js';
import { findProject } from './projects.repository.js';
import { createProject, toProjectView, updateProjectSettings } from './projects.service.js';

export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post('/projects', {
    config: { access: 'account' },
    schema: { tags: ['projects'], body: projectCreateBody, response: { 201: envelope(projectSchema) } },
    handler: async (request, reply) => {
      const project = await createProject(db, authOf(request).user.id, request.body);
      return reply.code(201).send(ok(toProjectView(project)));
    },
  });

  app.get('/projects/:projectId', {
    config: { access: 'member' },
    schema: { tags: ['projects'], params: projectParams, response: { 200: envelope(projectSchema) } },
    handler: async (request) => {
      const project = await findProject(db, request.params.projectId);
      if (!project) throw notFound();
      return ok(toProjectView(project));
    },
  });

  app.put('/projects/:projectId', {
    config: { access: 'admin' },
    schema: {
      tags: ['projects'],
      params: projectParams,
      body: projectUpdateBody,
      response: { 200: envelope(projectSchema) },
    },
    handler: async (request) => ok(toProjectView(await updateProjectSettings(db, actorIn(request), request.body))),
  });

  app.get('/projects/:projectId/user', {
    config: { access: 'member' },
    schema: { tags: ['projects'], params: projectParams, response: { 200: envelope(projectUserSchema) } },
    handler: async (request) => {
      const member = memberOf(request);
      return ok({
        user: await loadUserView(db, authOf(request).user),
        project_data: { project_id: member.projectId, role: member.role, status_id: member.statusId },
      });
    },
  });
};
