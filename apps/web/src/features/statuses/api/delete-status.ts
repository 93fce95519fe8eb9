import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statusesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Its managers move to the default status. */
export const deleteStatus = (projectId: number, statusId: number) =>
  callApi(statusesEndpoints.remove, { params: { projectId, id: statusId } });

export const useDeleteStatus = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (statusId: number) => deleteStatus(projectId, statusId),
    meta: { errorMessage: 'Failed to delete status.' },
    // Managers change status too (the team, a manager's page): everything of the project refreshes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
  });
};
