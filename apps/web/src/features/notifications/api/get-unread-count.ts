import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Seam for the notifications issue: the unread-count endpoint does not exist on the server yet,
 * so the query is written but switched off (no call, no badge). Turn this on when it lands
 * (declared in the contract and called with `callApi`).
 */
export const UNREAD_COUNT_ENABLED = false;

/** The unread count refreshes every 60 s (docs/product.md §2.3; push updates come with the same issue). */
export const UNREAD_COUNT_INTERVAL = 60_000;

/** The path the endpoint will have until the contract declares it. */
const UNREAD_COUNT_PATH = '/notifications/unread-count';

export const getUnreadCount = (signal?: AbortSignal) =>
  apiRequest<{ unread_count: number }>(UNREAD_COUNT_PATH, { signal });

export const unreadCountQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.notifications.unreadCount(projectId),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_COUNT_INTERVAL,
    select: (data) => data.unread_count,
    meta: { errorMessage: 'Failed to get notifications.' },
  });

export const useUnreadCount = (projectId: number | null): number => {
  const query = useQuery({
    ...unreadCountQueryOptions(projectId ?? 0),
    enabled: UNREAD_COUNT_ENABLED && projectId !== null,
  });
  return query.data ?? 0;
};
