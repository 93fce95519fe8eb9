import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientFormEndpoints, type FormSaveBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const CREATE_FORM_FAILED = 'Failed to create form. Please try again.';
export const UPDATE_FORM_FAILED = 'Failed to update form. Please try again.';

/** PUT /form: the whole form in one transaction; answers it as saved (new rows with their ids). */
export const saveForm = (projectId: number, body: FormSaveBody) =>
  callApi(clientFormEndpoints.save, { params: { projectId }, body });

/** `creating`: the project had no form yet, which only changes the error's fallback. */
export const useSaveForm = (projectId: number, creating: boolean) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormSaveBody) => saveForm(projectId, body),
    meta: { errorMessage: creating ? CREATE_FORM_FAILED : UPDATE_FORM_FAILED },
    onSuccess: (groups) => {
      queryClient.setQueryData(queryKeys.clientForm.groups(projectId), groups);
      // The searchable fields and the clients' values follow the form (a deleted field takes its values).
      void queryClient.invalidateQueries({ queryKey: queryKeys.clientForm.searchableFields(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all(projectId) });
    },
  });
};
