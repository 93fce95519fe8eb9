import { useMutation } from '@tanstack/react-query';
import type { InvitationAccepted } from '@crm/contract';
import { api } from '../../../lib/api-client';

/** POST /invitations/{token}/accept (signed in) → the project joined and the role there. */
export const acceptInvitation = (token: string) =>
  api.post<InvitationAccepted>(`/invitations/${encodeURIComponent(token)}/accept`);

export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: acceptInvitation,
    meta: { errorMessage: 'Failed to accept invitation. Please try again.' },
  });
