import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientCategoriesEndpoints, type ClientCategory } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /client-categories/change-order {ids}: every category of the project, in the new order. */
export const changeClientCategoriesOrder = (projectId: number, ids: number[]) =>
  callApi(clientCategoriesEndpoints.changeOrder, { params: { projectId }, body: { ids } });

/**
 * The list shows the new order at once; if the server refuses, the previous order comes back
 * and the error toast says why.
 */
export const useChangeClientCategoriesOrder = (projectId: number) => {
  const queryClient = useQueryClient();
  const key = queryKeys.clientCategories.list(projectId);
  return useMutation({
    mutationFn: (ids: number[]) => changeClientCategoriesOrder(projectId, ids),
    meta: { errorMessage: 'Failed to reorder categories.' },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ClientCategory[]>(key);
      if (previous) {
        const byId = new Map(previous.map((category) => [category.id, category]));
        queryClient.setQueryData(
          key,
          ids.flatMap((id) => byId.get(id) ?? []),
        );
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (categories) => queryClient.setQueryData(key, categories),
  });
};
