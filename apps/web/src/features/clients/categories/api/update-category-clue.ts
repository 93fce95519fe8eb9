import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cluesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Variables = { clueId: number; clue: string };

/** PUT /clues/{id} {clue}: a category's hint rewritten ('' when blank). */
export const updateCategoryClue = (projectId: number, { clueId, clue }: Variables) =>
  callApi(cluesEndpoints.update, { params: { projectId, id: clueId }, body: { clue } });

export const useUpdateCategoryClue = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateCategoryClue(projectId, variables),
    meta: { errorMessage: 'Failed to update hint. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clientCategories.list(projectId) }),
  });
};
