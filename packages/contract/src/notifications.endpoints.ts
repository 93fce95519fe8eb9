import { endpoint } from './endpoint.js';
import {
  notificationParams,
  notificationsList,
  notificationsQuery,
  unreadCountSchema,
} from './notifications.js';

const tag = 'notifications';

/** The signed-in user's own notifications (the header's bell). */
export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/notifications',
    query: notificationsQuery,
    response: notificationsList,
    tag,
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/notifications/unread-count',
    query: notificationsQuery,
    response: unreadCountSchema,
    tag,
  }),
  markAllRead: endpoint({
    method: 'PUT',
    path: '/notifications/mark-as-read',
    query: notificationsQuery,
    response: unreadCountSchema,
    tag,
  }),
  markRead: endpoint({
    method: 'PUT',
    path: '/notifications/mark-as-read/:id',
    params: notificationParams,
    response: unreadCountSchema,
    tag,
  }),
};
