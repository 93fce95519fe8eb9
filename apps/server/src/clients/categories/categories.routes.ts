import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCategoriesEndpoints, cluesEndpoints } from '@crm/contract';
import { actorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import {
  categoryClientCounts,
  changeCategoryOrder,
  createCategory,
  deleteCategory,
  listCategoryViews,
  updateCategory,
} from './categories.service.js';
import { createClue, deleteClue, updateClue } from './clues.service.js';

/** Categories and hints: members read, admins write. */
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = clientCategoriesEndpoints;

  route(app, api.list, {
    access: 'member',
    handler: ({ params }) => listCategoryViews(deps.db, params.projectId),
  });
  route(app, api.create, {
    access: 'admin',
    handler: ({ request, body }) => createCategory(deps, actorIn(request), body),
  });
  route(app, api.clientCounts, {
    access: 'admin',
    handler: ({ params }) => categoryClientCounts(deps.db, params.projectId),
  });
  route(app, api.changeOrder, {
    access: 'admin',
    handler: ({ request, body }) => changeCategoryOrder(deps, actorIn(request), body),
  });
  route(app, api.update, {
    access: 'admin',
    handler: ({ request, params, body }) => updateCategory(deps, actorIn(request), params.id, body),
  });
  route(app, api.remove, {
    access: 'admin',
    handler: async ({ request, params }) => {
      await deleteCategory(deps, actorIn(request), params.id);
      return { ok: true as const };
    },
  });

  route(app, cluesEndpoints.create, {
    access: 'admin',
    handler: ({ request, params, body }) => createClue(deps, actorIn(request), params.type, body),
  });
  route(app, cluesEndpoints.update, {
    access: 'admin',
    handler: ({ request, params, body }) => updateClue(deps, actorIn(request), params.id, body.clue),
  });
  route(app, cluesEndpoints.remove, {
    access: 'admin',
    handler: async ({ request, params }) => {
      await deleteClue(deps, actorIn(request), params.id);
      return { ok: true as const };
    },
  });
};
