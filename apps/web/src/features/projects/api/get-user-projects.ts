import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProject } from '@crm/contract';
import { api } from '../../../lib/api-client';

export const userProjectsQueryKey = ['user', 'projects'] as const;

export const getUserProjects = (signal?: AbortSignal) =>
  api.get<UserProject[]>('/user/projects', undefined, signal);

export const userProjectsQueryOptions = () =>
  queryOptions({
    queryKey: userProjectsQueryKey,
    queryFn: ({ signal }) => getUserProjects(signal),
    meta: { errorMessage: 'Failed to get projects.' },
  });

export const useUserProjects = (enabled = true) =>
  useQuery({ ...userProjectsQueryOptions(), enabled });
