import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientCategoriesEndpoints,
  clientFormEndpoints,
  clientsEndpoints,
  cluesEndpoints,
} from '@crm/contract';
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
import { changeFormGroupsOrder, getForm, saveForm, searchableFields } from './form.service.js';
import { createFormGroup, updateFormGroup } from './form-groups.service.js';

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

/** The client form: members read it (and its searchable fields), admins save it. */
export const clientFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = clientFormEndpoints;

  route(app, api.get, { access: 'member', handler: ({ params }) => getForm(deps.db, params.projectId) });
  route(app, api.save, {
    access: 'admin',
    handler: ({ request, body }) => saveForm(deps, actorIn(request), body),
  });
  route(app, api.createGroup, {
    access: 'admin',
    handler: ({ request, body }) => createFormGroup(deps, actorIn(request), body),
  });
  route(app, api.updateGroup, {
    access: 'admin',
    handler: ({ request, params, body }) => updateFormGroup(deps, actorIn(request), params.id, body),
  });
  route(app, api.groupsOrder, {
    access: 'admin',
    handler: ({ request, body }) => changeFormGroupsOrder(deps, actorIn(request), body.ids),
  });
  route(app, api.searchableFields, {
    access: 'member',
    handler: ({ params }) => searchableFields(deps.db, params.projectId),
  });
};
