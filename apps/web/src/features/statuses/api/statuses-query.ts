import { queryOptions, useQuery } from '@tanstack/react-query';
import { statusesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The manager levels of a project: the statuses screens, and the team's status select (through
 * this feature's index.ts). Its key is the prefix of every status and its goals, so invalidating
 * it refreshes them together.
 */
export const getStatuses = (projectId: number, signal?: AbortSignal) =>
  callApi(statusesEndpoints.list, { params: { projectId }, signal });

export const statusesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.statuses.list(projectId),
    queryFn: ({ signal }) => getStatuses(projectId, signal),
    meta: { errorMessage: 'Failed to get statuses.' },
  });

export const useStatuses = (projectId: number | null) =>
  useQuery({ ...statusesQueryOptions(projectId ?? 0), enabled: projectId !== null });
