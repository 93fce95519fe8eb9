import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { appStorage } from '@/lib/storage';

export const logout = () => callApi(accountsEndpoints.logout);

/**
 * Revokes the token on the server, then forgets it here and drops every cached answer so the
 * next account never sees the previous one's data.
 */
export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: { errorMessage: 'Failed to logout. Please try again.' },
    onSuccess: () => {
      appStorage.removeLoginToken();
      appStorage.removeAccessToken();
      queryClient.clear();
    },
  });
};
