import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  knowledgeCategoriesEndpoints,
  knowledgePostsEndpoints,
  type KnowledgePostsQuery,
} from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The knowledge library's topics and pages of articles (the library's screens and its articles picker). */

/** GET …/knowledge-base/categories: every topic of the library with its article count, by name. */
export const getKnowledgeCategories = (projectId: number, signal?: AbortSignal) =>
  callApi(knowledgeCategoriesEndpoints.list, { params: { projectId }, signal });

export const knowledgeCategoriesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.knowledge.categories(projectId),
    queryFn: ({ signal }) => getKnowledgeCategories(projectId, signal),
    meta: { errorMessage: 'Failed to get categories.' },
  });

export const useKnowledgeCategories = (projectId: number | null) =>
  useQuery({ ...knowledgeCategoriesQueryOptions(projectId ?? 0), enabled: projectId !== null });

/** GET …/knowledge-base/posts?category&page: one page (20, newest first) of a topic's articles. */
export const getKnowledgePosts = (projectId: number, query: KnowledgePostsQuery, signal?: AbortSignal) =>
  callApi(knowledgePostsEndpoints.list, { params: { projectId }, query, signal });

export const knowledgePostsQueryOptions = (projectId: number, query: KnowledgePostsQuery) =>
  queryOptions({
    queryKey: queryKeys.knowledge.posts(projectId, query),
    queryFn: ({ signal }) => getKnowledgePosts(projectId, query, signal),
    meta: { errorMessage: 'Failed to get posts.' },
  });

/** The previous page stays on screen while the next one loads. */
export const useKnowledgePosts = (projectId: number | null, query: KnowledgePostsQuery, enabled = true) =>
  useQuery({
    ...knowledgePostsQueryOptions(projectId ?? 0, query),
    enabled: projectId !== null && enabled,
    placeholderData: keepPreviousData,
  });
