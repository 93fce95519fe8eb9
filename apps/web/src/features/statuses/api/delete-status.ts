import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE /projects/{id}/statuses/{statusId}: its managers move to the default status. */
export const deleteStatus = (projectId: number, statusId: number) =>
  api.delete<{ ok: true }>(`/projects/${projectId}/statuses/${statusId}`);

export const useDeleteStatus = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (statusId: number) => deleteStatus(projectId, statusId),
    meta: { errorMessage: 'Failed to delete status.' },
    // Managers change status too (the team, a manager's page): everything of the project refreshes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', projectId] }),
  });
};
