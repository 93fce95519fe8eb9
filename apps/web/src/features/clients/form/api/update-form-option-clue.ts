import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cluesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { setOptionClueInCache } from './form-option-clue-cache';

type Variables = { optionId: number; clueId: number; clue: string };

/** PUT /clues/{id}: an option's hint rewritten. */
export const updateFormOptionClue = (projectId: number, { clueId, clue }: Variables) =>
  callApi(cluesEndpoints.update, { params: { projectId, id: clueId }, body: { clue } });

export const useUpdateFormOptionClue = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => updateFormOptionClue(projectId, variables),
    meta: { errorMessage: 'Failed to update hint. Please try again.' },
    onSuccess: (clue, { optionId }) => setOptionClueInCache(queryClient, projectId, optionId, clue),
  });
};
