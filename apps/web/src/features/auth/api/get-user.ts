import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@crm/contract';
import { api } from '../../../lib/api-client';

export const userQueryKey = ['user'] as const;

export const getUser = (signal?: AbortSignal) => api.get<User>('/user', undefined, signal);

export const userQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => getUser(signal),
    meta: { errorMessage: 'Failed to get user.' },
  });

export const useUser = (enabled = true) => useQuery({ ...userQueryOptions(), enabled });
