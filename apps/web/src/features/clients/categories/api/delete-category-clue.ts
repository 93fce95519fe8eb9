import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cluesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /clues/{id}: a category's hint removed. */
export const deleteCategoryClue = (projectId: number, clueId: number) =>
  callApi(cluesEndpoints.remove, { params: { projectId, id: clueId } });

export const useDeleteCategoryClue = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clueId: number) => deleteCategoryClue(projectId, clueId),
    meta: { errorMessage: 'Failed to delete hint. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clientCategories.list(projectId) }),
  });
};
