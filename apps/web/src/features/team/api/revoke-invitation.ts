import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invitationsQueryKey } from './get-invitations';

/** DELETE /projects/{id}/invitations/{invitationId}: the link stops working. */
export const revokeInvitation = (projectId: number, invitationId: number) =>
  api.delete<{ ok: true }>(`/projects/${projectId}/invitations/${invitationId}`);

export const useRevokeInvitation = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => revokeInvitation(projectId, invitationId),
    meta: { errorMessage: 'Failed to delete invitation. Please try again.' },
    // Also when it was already gone (404): the list shows what is really pending.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(projectId) }),
  });
};
