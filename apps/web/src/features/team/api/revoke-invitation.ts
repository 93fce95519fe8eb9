import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The link stops working. */
export const revokeInvitation = (projectId: number, invitationId: number) =>
  callApi(teamEndpoints.revokeInvitation, { params: { projectId, id: invitationId } });

export const useRevokeInvitation = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => revokeInvitation(projectId, invitationId),
    meta: { errorMessage: 'Failed to delete invitation. Please try again.' },
    // Also when it was already gone (404): the list shows what is really pending.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.invitations(projectId) }),
  });
};
