import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectUser } from '@crm/contract';
import { api } from '../../../lib/api-client';

export const projectUserQueryKey = (projectId: number) => ['projects', projectId, 'user'] as const;

/** The signed-in user and his role in one project (spec §7 GET /projects/{id}/user). */
export const getProjectUser = (projectId: number, signal?: AbortSignal) =>
  api.get<ProjectUser>(`/projects/${projectId}/user`, undefined, signal);

export const projectUserQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectUserQueryKey(projectId),
    queryFn: ({ signal }) => getProjectUser(projectId, signal),
    meta: { errorMessage: 'Failed to get user.' },
  });

export const useProjectUser = (projectId: number | null) =>
  useQuery({
    ...projectUserQueryOptions(projectId ?? 0),
    enabled: projectId !== null,
  });
