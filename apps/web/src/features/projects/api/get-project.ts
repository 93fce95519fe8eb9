import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Name, time zone (the project settings screen). */
export const getProject = (projectId: number, signal?: AbortSignal) =>
  callApi(projectsEndpoints.get, { params: { projectId }, signal });

export const projectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.projects.settings(projectId),
    queryFn: ({ signal }) => getProject(projectId, signal),
    meta: { errorMessage: 'Failed to get project.' },
  });

export const useProject = (projectId: number | null) =>
  useQuery({ ...projectQueryOptions(projectId ?? 0), enabled: projectId !== null });
