import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Status } from '@crm/contract';
import { api } from '../../../lib/api-client';
import { statusesQueryKey } from '../../../lib/statuses-query';

export const statusQueryKey = (projectId: number, statusId: number) =>
  [...statusesQueryKey(projectId), statusId] as const;

/** GET /projects/{id}/statuses/{statusId}. No toast: the page says in its place why it cannot open. */
export const getStatus = (projectId: number, statusId: number, signal?: AbortSignal) =>
  api.get<Status>(`/projects/${projectId}/statuses/${statusId}`, undefined, signal);

export const statusQueryOptions = (projectId: number, statusId: number) =>
  queryOptions({
    queryKey: statusQueryKey(projectId, statusId),
    queryFn: ({ signal }) => getStatus(projectId, statusId, signal),
  });

export const useStatus = (projectId: number | null, statusId: number | null) =>
  useQuery({
    ...statusQueryOptions(projectId ?? 0, statusId ?? 0),
    enabled: projectId !== null && statusId !== null,
  });

/** The fallback the page shows for a status that cannot be read (spec §8). */
export const GET_STATUS_FAILED = 'Failed to get status.';
