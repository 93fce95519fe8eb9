import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientCategoriesEndpoints, type ClientCategoryCreateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /client-categories {name, color, next_category_id, duration}: the new category (with its id). */
export const createClientCategory = (projectId: number, body: ClientCategoryCreateBody) =>
  callApi(clientCategoriesEndpoints.create, { params: { projectId }, body });

export const useCreateClientCategory = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientCategoryCreateBody) => createClientCategory(projectId, body),
    meta: { errorMessage: 'Failed to create category. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clientCategories.list(projectId) }),
  });
};
