import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientCategoriesEndpoints, clientsEndpoints, cluesEndpoints } from '@crm/contract';
import { actorIn, memberActorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import {
  categoryClientCounts,
  changeCategoryOrder,
  createCategory,
  deleteCategory,
  listCategoryViews,
  updateCategory,
} from './categories.service.js';
import {
  changeClientCategory,
  createClient,
  deleteClient,
  getClient,
  listClientPage,
  updateClient,
} from './clients.service.js';
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

/** Clients: any member; a manager works with his own (another's → 404), admins with all. */
export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = clientsEndpoints;

  route(app, api.list, {
    access: 'member',
    handler: ({ request, query }) => listClientPage(deps, memberActorIn(request), query),
  });
  route(app, api.create, {
    access: 'member',
    handler: ({ request, body }) => createClient(deps, memberActorIn(request), body),
  });
  route(app, api.get, {
    access: 'member',
    handler: ({ request, params }) => getClient(deps, memberActorIn(request), params.id),
  });
  route(app, api.update, {
    access: 'member',
    handler: ({ request, params, body }) => updateClient(deps, memberActorIn(request), params.id, body),
  });
  route(app, api.remove, {
    access: 'member',
    handler: async ({ request, params }) => {
      await deleteClient(deps, memberActorIn(request), params.id);
      return { ok: true as const };
    },
  });
  route(app, api.updateCategory, {
    access: 'member',
    handler: ({ request, params, body }) =>
      changeClientCategory(deps, memberActorIn(request), params.id, body.category_id),
  });
};
