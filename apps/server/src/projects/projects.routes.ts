import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectsEndpoints as api } from '@crm/contract';
import { authOf, memberOf } from '../http/access.js';
import { actorIn } from '../http/actor.js';
import { notFound } from '../http/app-error.js';
import { route } from '../http/route.js';
import { loadUserView } from '../identity/user-view.js';
import { findProject } from './projects.repository.js';
import { createProject, toProjectView, updateProjectSettings } from './projects.service.js';

export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;

  route(app, api.create, {
    access: 'account',
    handler: async ({ request, body }) => toProjectView(await createProject(deps, authOf(request).user.id, body)),
  });
  route(app, api.get, {
    access: 'member',
    handler: async ({ params }) => {
      const project = await findProject(db, params.projectId);
      if (!project) throw notFound();
      return toProjectView(project);
    },
  });
  route(app, api.update, {
    access: 'admin',
    handler: async ({ request, body }) => toProjectView(await updateProjectSettings(deps, actorIn(request), body)),
  });
  route(app, api.me, {
    access: 'member',
    handler: async ({ request }) => {
      const member = memberOf(request);
      return {
        user: await loadUserView(deps, authOf(request).user),
        project_data: { project_id: member.projectId, role: member.role, status_id: member.statusId },
      };
    },
  });
};
