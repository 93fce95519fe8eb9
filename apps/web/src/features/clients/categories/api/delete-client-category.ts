import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientCategoriesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * DELETE /client-categories/{id}. The server refuses (422, with how many clients) while the
 * category has clients; otherwise its hint and its status goals go with it and categories that
 * led to it lead nowhere.
 */
export const deleteClientCategory = (projectId: number, categoryId: number) =>
  callApi(clientCategoriesEndpoints.remove, { params: { projectId, id: categoryId } });

export const useDeleteClientCategory = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categoryId: number) => deleteClientCategory(projectId, categoryId),
    meta: { errorMessage: 'Failed to delete category. Please try again.' },
    // Status goals and other categories' next category change with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
  });
};
