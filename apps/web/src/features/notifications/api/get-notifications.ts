import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsEndpoints } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /notifications?project_id=: the panel 'Уведомления на сегодня' (the last 24 hours and
 * anything older still unread, newest first) with the unread count.
 */
export const getNotifications = (projectId: number, signal?: AbortSignal) =>
  callApi(notificationsEndpoints.list, { query: { project_id: projectId }, signal });

export const notificationsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.notifications.list(projectId),
    queryFn: ({ signal }) => getNotifications(projectId, signal),
    meta: { errorMessage: 'Failed to get notifications.' },
  });

/** Fresh each time the panel opens: it is read at a glance, and the badge may have moved since. */
export const useNotifications = (projectId: number | null) =>
  useQuery({
    ...notificationsQueryOptions(projectId ?? 0),
    enabled: projectId !== null,
    refetchOnMount: 'always',
  });
