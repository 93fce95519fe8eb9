import { queryOptions, useQuery } from '@tanstack/react-query';
import { knowledgeCategoriesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

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
