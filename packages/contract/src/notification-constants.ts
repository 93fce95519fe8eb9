// Notifications' constants (docs/product.md §4.11). No zod here: the signed-in shell polls the
// unread count with UNREAD_COUNT_INTERVAL_MS, and a module's schemas travel with it.

export const NOTIFICATION_TYPES = [
  'reminder_due',
  'reminder_expired',
  'client_moved',
  'chat_message',
  /** An endpoint kept failing for a day and was switched off (its admins are told). */
  'webhook_disabled',
  /** A client wrote to the project's Telegram bot (his manager is told; one per client while unread). */
  'client_message',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The panel lists at most this many. */
export const NOTIFICATIONS_LIST_MAX = 100;
/** The unread count is polled this often (and pushed when it changes). */
export const UNREAD_COUNT_INTERVAL_MS = 60_000;

export const NOTIFICATION_NOT_FOUND = 'Уведомление не найдено';
