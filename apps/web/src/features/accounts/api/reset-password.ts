import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsEndpoints, type resetPasswordBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import type { SchemaOutput } from '@/lib/schema-types';
import { appStorage } from '@/lib/storage';

export type ResetPasswordPayload = SchemaOutput<typeof resetPasswordBody>;

export const RESET_FALLBACK = 'Failed to reset password. Please try again.';

export const resetPassword = (body: ResetPasswordPayload) =>
  callApi(accountsEndpoints.resetPassword, { body });

/**
 * No meta toast: the page puts a bad link and field errors in place and toasts the rest itself.
 * A reset ends every session of the user on the server, so this browser's is forgotten too.
 */
export const useResetPassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      appStorage.removeLoginToken();
      appStorage.removeAccessToken();
      queryClient.clear();
    },
  });
};
