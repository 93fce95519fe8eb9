import { queryOptions, useQuery } from '@tanstack/react-query';
import { statusesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The goal set per client category. */
export const getStatusGoals = (projectId: number, statusId: number, signal?: AbortSignal) =>
  callApi(statusesEndpoints.goals, { params: { projectId, id: statusId }, signal });

export const statusGoalsQueryOptions = (projectId: number, statusId: number) =>
  queryOptions({
    queryKey: queryKeys.statuses.goals(projectId, statusId),
    queryFn: ({ signal }) => getStatusGoals(projectId, statusId, signal),
    meta: { errorMessage: 'Failed to get status goals.' },
  });

export const useStatusGoals = (projectId: number | null, statusId: number | null) =>
  useQuery({
    ...statusGoalsQueryOptions(projectId ?? 0, statusId ?? 0),
    enabled: projectId !== null && statusId !== null,
  });
