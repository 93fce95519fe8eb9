import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfig } from '@crm/contract';
import { api } from '../../../lib/api-client';

export const authConfigQueryKey = ['auth', 'config'] as const;

/** What the sign-in pages may offer on this server (public): `{google}`. */
export const getAuthConfig = (signal?: AbortSignal) => api.get<AuthConfig>('/auth/config', undefined, signal);

/**
 * No error toast: without an answer the Google button simply stays hidden and the password form
 * works as before. The configuration does not change while the page is open.
 */
export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: authConfigQueryKey,
    queryFn: ({ signal }) => getAuthConfig(signal),
    staleTime: Infinity,
  });

export const useAuthConfig = () => useQuery(authConfigQueryOptions());
