import { queryOptions, useQuery } from '@tanstack/react-query';
import { statusesEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One status. No toast: the page says in its place why it cannot open. */
export const getStatus = (projectId: number, statusId: number, signal?: AbortSignal) =>
  callApi(statusesEndpoints.get, { params: { projectId, id: statusId }, signal });

export const statusQueryOptions = (projectId: number, statusId: number) =>
  queryOptions({
    queryKey: queryKeys.statuses.one(projectId, statusId),
    queryFn: ({ signal }) => getStatus(projectId, statusId, signal),
  });

export const useStatus = (projectId: number | null, statusId: number | null) =>
  useQuery({
    ...statusQueryOptions(projectId ?? 0, statusId ?? 0),
    enabled: projectId !== null && statusId !== null,
  });

/** The fallback the page shows for a status that cannot be read (docs/product.md §5.5). */
export const GET_STATUS_FAILED = 'Failed to get status.';
