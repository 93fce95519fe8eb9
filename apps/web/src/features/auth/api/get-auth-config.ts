import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What the sign-in pages may offer on this server (public): `{google}`. */
export const getAuthConfig = (signal?: AbortSignal) => callApi(accountsEndpoints.authConfig, { signal });

/**
 * No error toast: without an answer the Google button simply stays hidden and the password form
 * works as before. The configuration does not change while the page is open.
 */
export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.authConfig(),
    queryFn: ({ signal }) => getAuthConfig(signal),
    staleTime: Infinity,
  });

export const useAuthConfig = () => useQuery(authConfigQueryOptions());
