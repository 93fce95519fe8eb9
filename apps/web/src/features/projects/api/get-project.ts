import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@crm/contract';
import { api } from '../../../lib/api-client';

export const projectQueryKey = (projectId: number) => ['projects', projectId, 'settings'] as const;

/** GET /projects/{id}: name, time zone (the project settings screen). */
export const getProject = (projectId: number, signal?: AbortSignal) =>
  api.get<Project>(`/projects/${projectId}`, undefined, signal);

export const projectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectQueryKey(projectId),
    queryFn: ({ signal }) => getProject(projectId, signal),
    meta: { errorMessage: 'Failed to get project.' },
  });

export const useProject = (projectId: number | null) =>
  useQuery({ ...projectQueryOptions(projectId ?? 0), enabled: projectId !== null });
