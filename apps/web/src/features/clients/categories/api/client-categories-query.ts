import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientCategoriesEndpoints, type ClientCategory } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The project's client categories, in pipeline order: the clients screens, and other features'
 * (goals per category, scenarios' stages) through this feature's index.ts.
 */
export type ClientCategoryRef = Pick<ClientCategory, 'id' | 'name' | 'color'>;

export const getClientCategories = (projectId: number, signal?: AbortSignal) =>
  callApi(clientCategoriesEndpoints.list, { params: { projectId }, signal });

export const clientCategoriesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.clientCategories.list(projectId),
    queryFn: ({ signal }) => getClientCategories(projectId, signal),
    meta: { errorMessage: 'Failed to get client categories.' },
  });

export const useClientCategories = (projectId: number | null) => {
  const query = useQuery({ ...clientCategoriesQueryOptions(projectId ?? 0), enabled: projectId !== null });
  return { categories: query.data ?? [], isPending: query.isPending };
};
