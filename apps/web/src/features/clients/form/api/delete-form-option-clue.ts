import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cluesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { setOptionClueInCache } from './form-option-clue-cache';

type Variables = { optionId: number; clueId: number };

/** DELETE /clues/{id}: an option's hint removed. */
export const deleteFormOptionClue = (projectId: number, { clueId }: Variables) =>
  callApi(cluesEndpoints.remove, { params: { projectId, id: clueId } });

export const useDeleteFormOptionClue = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => deleteFormOptionClue(projectId, variables),
    meta: { errorMessage: 'Failed to delete hint. Please try again.' },
    onSuccess: (_ok, { optionId }) => setOptionClueInCache(queryClient, projectId, optionId, null),
  });
};
