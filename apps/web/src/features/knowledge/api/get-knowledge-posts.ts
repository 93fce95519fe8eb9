import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { knowledgePostsEndpoints, type KnowledgePostsQuery } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

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
