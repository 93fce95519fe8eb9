import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { knowledgeCategoriesEndpoints, knowledgePostsEndpoints } from '@crm/contract';
import { actorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import { searchKnowledgePosts } from './knowledge-search.service.js';
import {
  createKnowledgeCategory,
  createKnowledgePost,
  deleteKnowledgeCategory,
  deleteKnowledgePost,
  getKnowledgePost,
  listKnowledgeCategories,
  listKnowledgePosts,
  renameKnowledgeCategory,
  updateKnowledgePost,
} from './knowledge.service.js';

const ok = { ok: true as const };

/** The knowledge library: every member reads, admins write. */
export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const topics = knowledgeCategoriesEndpoints;
  const posts = knowledgePostsEndpoints;

  route(app, topics.list, { access: 'member', handler: ({ params }) => listKnowledgeCategories(deps.db, params.projectId) });
  route(app, topics.create, {
    access: 'admin',
    handler: ({ request, body }) => createKnowledgeCategory(deps, actorIn(request), body.name),
  });
  route(app, topics.update, {
    access: 'admin',
    handler: ({ request, params, body }) => renameKnowledgeCategory(deps, actorIn(request), params.id, body.name),
  });
  route(app, topics.remove, {
    access: 'admin',
    handler: async ({ request, params, query }) => {
      await deleteKnowledgeCategory(deps, actorIn(request), params.id, query);
      return ok;
    },
  });

  route(app, posts.list, { access: 'member', handler: ({ params, query }) => listKnowledgePosts(deps.db, params.projectId, query) });
  route(app, posts.search, {
    access: 'member',
    handler: ({ params, query }) => searchKnowledgePosts(deps, params.projectId, query),
  });
  route(app, posts.get, { access: 'member', handler: ({ params }) => getKnowledgePost(deps.db, params.projectId, params.id) });
  route(app, posts.create, {
    access: 'admin',
    handler: ({ request, params, body }) => createKnowledgePost(deps, actorIn(request), params.categoryId, body),
  });
  route(app, posts.update, {
    access: 'admin',
    handler: ({ request, params, body }) => updateKnowledgePost(deps, actorIn(request), params.id, body),
  });
  route(app, posts.remove, {
    access: 'admin',
    handler: async ({ request, params }) => {
      await deleteKnowledgePost(deps, actorIn(request), params.id);
      return ok;
    },
  });
};
