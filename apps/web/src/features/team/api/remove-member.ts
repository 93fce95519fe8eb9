import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The server refuses the super admin and oneself (403). */
export const removeMember = (projectId: number, userId: number) =>
  callApi(teamEndpoints.removeMember, { params: { projectId, userId } });

export const useRemoveMember = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(projectId, userId),
    meta: { errorMessage: 'Failed to remove member. Please try again.' },
    // The team, the members lists (the admin's switch list) and the member's page all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
  });
};
