import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Seam for the notifications issue: GET /notifications/unread-count does not exist on the server
 * yet, so the query is written but switched off (no call, no badge). Turn this on when it lands.
 */
export const UNREAD_COUNT_ENABLED = false;

/** Spec §9: the unread count refreshes every 60 s (push updates come with the same issue). */
export const UNREAD_COUNT_INTERVAL = 60_000;

export const unreadCountQueryKey = (projectId: number) => ['notifications', projectId, 'unread-count'] as const;

export const getUnreadCount = (signal?: AbortSignal) =>
  api.get<{ unread_count: number }>('/notifications/unread-count', undefined, signal);

export const unreadCountQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: unreadCountQueryKey(projectId),
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
