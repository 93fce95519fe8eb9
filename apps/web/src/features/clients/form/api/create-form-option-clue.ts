import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cluesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { setOptionClueInCache } from './form-option-clue-cache';

type Variables = { optionId: number; clue: string };

/** POST /clues/form_field_option: a hint on a saved option of a select field. */
export const createFormOptionClue = (projectId: number, { optionId, clue }: Variables) =>
  callApi(cluesEndpoints.create, { params: { projectId, type: 'form_field_option' }, body: { clue, type_id: optionId } });

export const useCreateFormOptionClue = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => createFormOptionClue(projectId, variables),
    meta: { errorMessage: 'Failed to create hint. Please try again.' },
    onSuccess: (clue, { optionId }) => setOptionClueInCache(queryClient, projectId, optionId, clue),
  });
};
