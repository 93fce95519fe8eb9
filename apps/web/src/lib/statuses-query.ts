import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Status } from '@crm/contract';
import { api } from './api-client';

/**
 * GET /projects/{id}/statuses: the manager levels of a project. Shared here (not in a feature)
 * because two features read it: the statuses screens and the team (a manager's status select);
 * features do not import each other. Every statuses query key starts with this one, so
 * invalidating it refreshes a status, its goals and the list together.
 */
export const statusesQueryKey = (projectId: number) => ['projects', projectId, 'statuses'] as const;

export const getStatuses = (projectId: number, signal?: AbortSignal) =>
  api.get<Status[]>(`/projects/${projectId}/statuses`, undefined, signal);

export const statusesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: statusesQueryKey(projectId),
    queryFn: ({ signal }) => getStatuses(projectId, signal),
    meta: { errorMessage: 'Failed to get statuses.' },
  });

export const useStatuses = (projectId: number | null) =>
  useQuery({ ...statusesQueryOptions(projectId ?? 0), enabled: projectId !== null });
