import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation, invitationCreateBody } from '@crm/contract';
import { api } from '../../../lib/api-client';
import type { SchemaOutput } from '../../../lib/schema-types';
import { invitationsQueryKey } from './get-invitations';

export type InvitationPayload = SchemaOutput<typeof invitationCreateBody>;

/** POST /projects/{id}/invitations {email, role}: the server emails the link. */
export const createInvitation = (projectId: number, body: InvitationPayload) =>
  api.post<Invitation>(`/projects/${projectId}/invitations`, body);

export const useCreateInvitation = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationPayload) => createInvitation(projectId, body),
    meta: { errorMessage: 'Failed to create invitation. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(projectId) }),
  });
};
