import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsEndpoints, UNREAD_COUNT_INTERVAL_MS } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useAfterFirstPaint } from '@/ui/use-after-first-paint';

/** GET /notifications/unread-count?project_id=: the bell's badge for the open project. */
export const getUnreadCount = (projectId: number, signal?: AbortSignal) =>
  callApi(notificationsEndpoints.unreadCount, { query: { project_id: projectId }, signal });

/** Polled every 60 s while the tab is visible (docs/product.md §2.3); marking as read updates it at once. */
export const unreadCountQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.notifications.unreadCount(projectId),
    queryFn: ({ signal }) => getUnreadCount(projectId, signal),
    refetchInterval: UNREAD_COUNT_INTERVAL_MS,
    select: (data) => data.unread_count,
    meta: { errorMessage: 'Failed to get notifications.' },
  });

/**
 * The unread count, 0 while it loads or when it failed (the badge is then simply absent); asked
 * for once the page is drawn (useAfterFirstPaint).
 */
export const useUnreadCount = (projectId: number | null): number => {
  const painted = useAfterFirstPaint();
  const query = useQuery({
    ...unreadCountQueryOptions(projectId ?? 0),
    enabled: projectId !== null && painted,
  });
  return query.data ?? 0;
};
