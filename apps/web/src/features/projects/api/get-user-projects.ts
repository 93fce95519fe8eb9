import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getUserProjects = (signal?: AbortSignal) => callApi(accountsEndpoints.userProjects, { signal });

export const userProjectsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.userProjects(),
    queryFn: ({ signal }) => getUserProjects(signal),
    meta: { errorMessage: 'Failed to get projects.' },
  });

export const useUserProjects = (enabled = true) => useQuery({ ...userProjectsQueryOptions(), enabled });
