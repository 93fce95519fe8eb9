import { z } from 'zod';
import { okSchema, page, projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import {
  knowledgeCategoryBody,
  knowledgeCategoryDeleteQuery,
  knowledgeCategoryParams,
  knowledgeCategoryPostsParams,
  knowledgeCategorySchema,
  knowledgePostCreateBody,
  knowledgePostParams,
  knowledgePostSchema,
  knowledgePostsQuery,
  knowledgePostUpdateBody,
  knowledgeSearchPage,
  knowledgeSearchQuery,
} from './knowledge.js';

const categories = '/projects/:projectId/knowledge-base/categories';
const posts = '/projects/:projectId/knowledge-base/posts';
const tag = 'knowledge';

/** The knowledge library: every member reads, admins write. */
export const knowledgeCategoriesEndpoints = {
  list: endpoint({ method: 'GET', path: categories, params: projectParams, response: z.array(knowledgeCategorySchema), tag }),
  create: endpoint({
    method: 'POST',
    path: categories,
    params: projectParams,
    body: knowledgeCategoryBody,
    response: knowledgeCategorySchema,
    status: 201,
    tag,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${categories}/:id`,
    params: knowledgeCategoryParams,
    body: knowledgeCategoryBody,
    response: knowledgeCategorySchema,
    tag,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${categories}/:id`,
    params: knowledgeCategoryParams,
    query: knowledgeCategoryDeleteQuery,
    response: okSchema,
    tag,
  }),
};

export const knowledgePostsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: posts,
    params: projectParams,
    query: knowledgePostsQuery,
    response: page(knowledgePostSchema),
    tag,
  }),
  search: endpoint({
    method: 'GET',
    path: `${posts}/search`,
    params: projectParams,
    query: knowledgeSearchQuery,
    response: knowledgeSearchPage,
    tag,
  }),
  get: endpoint({ method: 'GET', path: `${posts}/:id`, params: knowledgePostParams, response: knowledgePostSchema, tag }),
  create: endpoint({
    method: 'POST',
    path: `${categories}/:categoryId/posts`,
    params: knowledgeCategoryPostsParams,
    body: knowledgePostCreateBody,
    response: knowledgePostSchema,
    status: 201,
    tag,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${posts}/:id`,
    params: knowledgePostParams,
    body: knowledgePostUpdateBody,
    response: knowledgePostSchema,
    tag,
  }),
  remove: endpoint({ method: 'DELETE', path: `${posts}/:id`, params: knowledgePostParams, response: okSchema, tag }),
};
