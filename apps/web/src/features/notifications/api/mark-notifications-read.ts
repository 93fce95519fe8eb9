import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificationsEndpoints, type NotificationsList, type UnreadCount } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /notifications/mark-as-read/{id}: one notification; answers the new unread count. */
export const markNotificationRead = (id: number) =>
  callApi(notificationsEndpoints.markRead, { params: { id } });

/** PUT /notifications/mark-as-read?project_id=: every notification of the open project. */
export const markAllNotificationsRead = (projectId: number) =>
  callApi(notificationsEndpoints.markAllRead, { query: { project_id: projectId } });

/**
 * What the bell shows once the server has answered: the badge takes the answered count at once,
 * the list shows the item(s) read without waiting, then both are fetched again.
 */
const applyRead = (queryClient: QueryClient, projectId: number, answer: UnreadCount, id: number | null) => {
  queryClient.setQueryData<UnreadCount>(queryKeys.notifications.unreadCount(projectId), answer);
  const readAt = new Date().toISOString();
  queryClient.setQueryData<NotificationsList>(queryKeys.notifications.list(projectId), (list) =>
    list
      ? {
          unread_count: answer.unread_count,
          notifications: list.notifications.map((n) =>
            (id === null || n.id === id) && n.read_at === null ? { ...n, read_at: readAt } : n,
          ),
        }
      : list,
  );
  return queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all(projectId) });
};

const MARK_FAILED = 'Failed to mark as read notifications. Please try again.';

/** 'Отметить прочитанным' on one item (and a click on a reminder's notification). */
export const useMarkNotificationRead = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => markNotificationRead(id),
    meta: { errorMessage: MARK_FAILED },
    onSuccess: (answer, id) => applyRead(queryClient, projectId, answer, id),
  });
};

/** 'Прочитать все'. */
export const useMarkAllNotificationsRead = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(projectId),
    meta: { errorMessage: MARK_FAILED },
    onSuccess: (answer) => applyRead(queryClient, projectId, answer, null),
  });
};
