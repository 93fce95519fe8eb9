import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { knowledgePostsEndpoints, type KnowledgeSearchQuery } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET …/knowledge-base/posts/search?search&page: the articles whose title or text has the words. */
export const searchKnowledgePosts = (projectId: number, query: KnowledgeSearchQuery, signal?: AbortSignal) =>
  callApi(knowledgePostsEndpoints.search, { params: { projectId }, query, signal });

/**
 * A new text is a new key; the query that lost its observer is aborted through the signal, so a
 * late answer to an older text never shows. No toast: the page shows the failure in place.
 */
export const searchKnowledgePostsQueryOptions = (projectId: number, query: KnowledgeSearchQuery) =>
  queryOptions({
    queryKey: queryKeys.knowledge.search(projectId, query),
    queryFn: ({ signal }) => searchKnowledgePosts(projectId, query, signal),
  });

export const useSearchKnowledgePosts = (projectId: number | null, query: KnowledgeSearchQuery) =>
  useQuery({
    ...searchKnowledgePostsQueryOptions(projectId ?? 0, query),
    enabled: projectId !== null && query.search.trim() !== '',
    placeholderData: keepPreviousData,
  });
