import type { Feature } from '../feature.js';
import * as notifications from './migrations/2026_11_24_0000_notifications.js';
import { notifyAutomaticMove } from './notifications.handlers.js';
import { notificationsRoutes } from './notifications.routes.js';

/** The bell: a person's notifications per project, unread counts, marking read. Other features notify through `notify`. */
export const notificationsFeature: Feature = {
  name: 'notifications',
  routes: notificationsRoutes,
  migrations: { '2026_11_24_0000_notifications': notifications },
  inTransaction: { client_category_changed: notifyAutomaticMove },
};

export { notify, NOTIFICATIONS_CHANGED, type NotificationInput } from './notifications.service.js';
export { insertNotifications, unreadAboutClientMessages, unreadAboutConversation } from './notifications.repository.js';
