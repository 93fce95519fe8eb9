import { useMutation } from '@tanstack/react-query';
import { teamEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';

/** Accepts an invitation (signed in) → the project joined and the role there. */
export const acceptInvitation = (token: string) =>
  callApi(teamEndpoints.acceptInvitation, { params: { token } });

export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: acceptInvitation,
    meta: { errorMessage: 'Failed to accept invitation. Please try again.' },
  });
