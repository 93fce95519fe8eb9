import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamEndpoints, type invitationCreateBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SchemaOutput } from '@/lib/schema-types';

export type InvitationPayload = SchemaOutput<typeof invitationCreateBody>;

/** {email, role}: the server emails the link. */
export const createInvitation = (projectId: number, body: InvitationPayload) =>
  callApi(teamEndpoints.invite, { params: { projectId }, body });

export const useCreateInvitation = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationPayload) => createInvitation(projectId, body),
    meta: { errorMessage: 'Failed to create invitation. Please try again.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.invitations(projectId) }),
  });
};
