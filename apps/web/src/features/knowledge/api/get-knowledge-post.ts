import { queryOptions } from '@tanstack/react-query';
import { knowledgePostsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET …/knowledge-base/posts/{id}: one article with its text (a search result has only an excerpt). */
export const getKnowledgePost = (projectId: number, postId: number, signal?: AbortSignal) =>
  callApi(knowledgePostsEndpoints.get, { params: { projectId, id: postId }, signal });

export const knowledgePostQueryOptions = (projectId: number, postId: number) =>
  queryOptions({
    queryKey: queryKeys.knowledge.post(projectId, postId),
    queryFn: ({ signal }) => getKnowledgePost(projectId, postId, signal),
    meta: { errorMessage: 'Failed to get post.' },
  });
