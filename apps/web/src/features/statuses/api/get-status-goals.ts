import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatusGoal } from '@crm/contract';
import { api } from '../../../lib/api-client';
import { statusQueryKey } from './get-status';

export const statusGoalsQueryKey = (projectId: number, statusId: number) =>
  [...statusQueryKey(projectId, statusId), 'goals'] as const;

/** GET /projects/{id}/statuses/{statusId}/client-categories: the goal set per client category. */
export const getStatusGoals = (projectId: number, statusId: number, signal?: AbortSignal) =>
  api.get<StatusGoal[]>(`/projects/${projectId}/statuses/${statusId}/client-categories`, undefined, signal);

export const statusGoalsQueryOptions = (projectId: number, statusId: number) =>
  queryOptions({
    queryKey: statusGoalsQueryKey(projectId, statusId),
    queryFn: ({ signal }) => getStatusGoals(projectId, statusId, signal),
    meta: { errorMessage: 'Failed to get status goals.' },
  });

export const useStatusGoals = (projectId: number | null, statusId: number | null) =>
  useQuery({
    ...statusGoalsQueryOptions(projectId ?? 0, statusId ?? 0),
    enabled: projectId !== null && statusId !== null,
  });
