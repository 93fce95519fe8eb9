import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user and his role in one project. */
export const getProjectUser = (projectId: number, signal?: AbortSignal) =>
  callApi(projectsEndpoints.me, { params: { projectId }, signal });

export const projectUserQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.projects.me(projectId),
    queryFn: ({ signal }) => getProjectUser(projectId, signal),
    meta: { errorMessage: 'Failed to get user.' },
  });

export const useProjectUser = (projectId: number | null) =>
  useQuery({
    ...projectUserQueryOptions(projectId ?? 0),
    enabled: projectId !== null,
  });
