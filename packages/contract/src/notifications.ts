import { z } from 'zod';
import { idSchema, isoDateTime } from './common.js';
import { NOTIFICATION_TYPES } from './notification-constants.js';
import { REMINDER_STATUSES } from './reminder-constants.js';

// ---- notifications (docs/product.md §4.11) --------------------------------------------------

// The constants are in notification-constants.ts, which builds no schema.

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  project_id: z.number().int(),
  /** What a person reads, in Russian. */
  message: z.string(),
  data: z.object({
    /** The reminder it is about (reminder_due, reminder_expired), as it was when notified. */
    client_reminder: z
      .object({
        id: z.number().int(),
        title: z.string(),
        status: z.enum(REMINDER_STATUSES),
        completion_date: isoDateTime,
      })
      .nullable(),
    client: z.object({ id: z.number().int(), name: z.string(), last_name: z.string() }).nullable(),
    /** The conversation of a chat_message (opens it on /admin-chat). */
    conversation: z.object({ id: z.number().int() }).nullable(),
  }),
  read_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * The bell's notifications are per project: `project_id` narrows them to the open project
 * (without it, all the user's).
 */
export const notificationsQuery = z.object({ project_id: idSchema.optional() });
export type NotificationsQuery = z.input<typeof notificationsQuery>;

/** 'Уведомления на сегодня': the last 24 hours and anything older still unread, newest first. */
export const notificationsList = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
});
export type NotificationsList = z.infer<typeof notificationsList>;

export const unreadCountSchema = z.object({ unread_count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationParams = z.object({ id: idSchema });
