import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientCategoriesEndpoints, type ClientCategoryUpdateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Variables = { categoryId: number; body: ClientCategoryUpdateBody };

/** PUT /client-categories/{id}: a field left out stays as it is. */
export const updateClientCategory = (projectId: number, { categoryId, body }: Variables) =>
  callApi(clientCategoriesEndpoints.update, { params: { projectId, id: categoryId }, body });

export const useUpdateClientCategory = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateClientCategory(projectId, variables),
    meta: { errorMessage: 'Failed to update category. Please try again.' },
    // The board and the search show names and colours: everything of the project reloads.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
  });
};
