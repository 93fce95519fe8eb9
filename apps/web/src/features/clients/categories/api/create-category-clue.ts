import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cluesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Variables = { categoryId: number; clue: string };

/** POST /clues/client_category {clue, type_id}: a saved category's hint. */
export const createCategoryClue = (projectId: number, { categoryId, clue }: Variables) =>
  callApi(cluesEndpoints.create, { params: { projectId, type: 'client_category' }, body: { clue, type_id: categoryId } });

export const useCreateCategoryClue = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => createCategoryClue(projectId, variables),
    meta: { errorMessage: 'Failed to create hint. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clientCategories.list(projectId) }),
  });
};
