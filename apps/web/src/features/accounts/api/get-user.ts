import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getUser = (signal?: AbortSignal) => callApi(accountsEndpoints.user, { signal });

export const userQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.user(),
    queryFn: ({ signal }) => getUser(signal),
    meta: { errorMessage: 'Failed to get user.' },
  });

export const useUser = (enabled = true) => useQuery({ ...userQueryOptions(), enabled });
