import type { Notification } from '@crm/contract';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session-context';
import { plural } from '@/lib/plural';
import { Button, IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { EmptyState, LoadError } from '@/ui/empty-state';
import { Icon, type IconName } from '@/ui/icons';
import { Skeleton } from '@/ui/skeleton';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-notifications-read';
import { dayInZone, notificationTime } from '../lib/notification-time';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import styles from './notifications-panel.module.css';

export const NOTIFICATIONS_PANEL = { title: 'Уведомления на сегодня', width: 425, kind: 'side' } as const;

const ICONS: Record<Notification['type'], IconName> = {
  reminder_due: 'bell',
  reminder_expired: 'alert',
  client_moved: 'flag',
  chat_message: 'chat',
  webhook_disabled: 'alert',
  client_message: 'chat',
};

/** Where a reminder's notification leads: its details over the calendar of its day. */
export const reminderLink = (reminderId: number, day: string) =>
  `${paths.calendar}?${new URLSearchParams({ reminder: String(reminderId), date: day }).toString()}`;

/** Where a chat message's notification leads: its conversation on the chat page. */
export const chatLink = (conversationId: number | null) =>
  conversationId === null ? paths.adminChat : `${paths.adminChat}?conversation=${conversationId}`;

type ItemProps = {
  notification: Notification;
  timeZone: string;
  onOpen: (notification: Notification) => void;
  /** Its client's page opened: the panel closes and the notification is read. */
  onClientOpened: (notification: Notification) => void;
  onMarkRead: (id: number) => void;
  marking: boolean;
};

const NotificationItem = ({
  notification: n,
  timeZone,
  onOpen,
  onClientOpened,
  onMarkRead,
  marking,
}: ItemProps) => {
  const unread = n.read_at === null;
  const opens =
    n.data.client_reminder !== null || n.type === 'chat_message' || n.type === 'webhook_disabled' || n.type === 'client_message';
  const body = (
    <>
      <span
        className={cx(styles.icon, n.type === 'reminder_expired' && styles.iconDanger)}
        aria-hidden="true"
      >
        <Icon name={ICONS[n.type] ?? 'bell'} size={18} />
      </span>
      <span className={styles.text}>
        <span className={styles.message}>{n.message}</span>
        <span className={styles.meta}>
          <time dateTime={n.created_at}>{notificationTime(n.created_at, timeZone)}</time>
          {unread && <span className="visually-hidden">, не прочитано</span>}
        </span>
      </span>
    </>
  );
  return (
    <li className={cx(styles.item, unread && styles.unread)} data-testid="notification" data-unread={unread}>
      {opens ? (
        <button type="button" className={styles.main} onClick={() => onOpen(n)}>
          {body}
        </button>
      ) : (
        <div className={styles.main}>{body}</div>
      )}
      {n.data.client && (
        // The client's own page (docs/product.md §4.8, "The client's page").
        <Link
          to={paths.client(n.data.client.id)}
          className={styles.clientLink}
          onClick={() => onClientOpened(n)}
          data-testid="notification-client-link"
        >
          {n.data.client.name} {n.data.client.last_name}
        </Link>
      )}
      {unread && (
        <IconButton
          label="Отметить прочитанным"
          className={styles.mark}
          disabled={marking}
          onClick={() => onMarkRead(n.id)}
        >
          <Icon name="check" size={18} />
        </IconButton>
      )}
    </li>
  );
};

const PanelSkeleton = () => (
  <ul className={styles.list} aria-hidden="true" data-testid="notifications-loading">
    {[0, 1, 2, 3].map((i) => (
      <li key={i} className={styles.item}>
        <div className={styles.main}>
          <Skeleton width={32} height={32} />
          <span className={styles.text}>
            <Skeleton width="85%" />
            <Skeleton width="40%" height={12} />
          </span>
        </div>
      </li>
    ))}
  </ul>
);

/**
 * Body of the 425px side panel 'Уведомления на сегодня' (docs/product.md §2.3): today's
 * notifications, newest first; each can be marked read, or all at once; a reminder's opens it on
 * the calendar.
 */
export const NotificationsPanel = ({ close }: { close: () => void }) => {
  const { projectId } = useSession();
  const timeZone = useProjectTimeZone();
  const navigate = useNavigate();
  const query = useNotifications(projectId);
  const markRead = useMarkNotificationRead(projectId ?? 0);
  const markAll = useMarkAllNotificationsRead(projectId ?? 0);

  // While the panel is open, a new count from the 60 s poll brings the list up to date too.
  const badge = useUnreadCount(projectId);
  const seenBadge = useRef(badge);
  useEffect(() => {
    if (seenBadge.current === badge) return;
    seenBadge.current = badge;
    if (query.data && query.data.unread_count !== badge) void query.refetch();
  }, [badge, query]);

  if (query.isPending) return <PanelSkeleton />;
  if (query.isError)
    return <LoadError plain text="Не удалось загрузить уведомления." onRetry={() => void query.refetch()} />;

  const { notifications } = query.data;
  const unread = notifications.filter((n) => n.read_at === null).length;
  if (notifications.length === 0) {
    return <EmptyState plain icon="bell" text="Уведомлений на сегодня нет." />;
  }

  /** A reminder's opens it on the calendar of its day; a chat message opens the chat; a client's message, the inbox. */
  const open = (n: Notification) => {
    const reminder = n.data.client_reminder;
    const to = reminder
      ? reminderLink(reminder.id, dayInZone(reminder.completion_date, timeZone))
      : n.type === 'chat_message'
        ? chatLink(n.data.conversation?.id ?? null)
        : n.type === 'webhook_disabled'
          ? paths.integrations
          : n.type === 'client_message' && n.data.client
            ? paths.inboxClient(n.data.client.id)
            : null;
    if (to === null) return;
    if (n.read_at === null) markRead.mutate(n.id);
    close();
    void navigate(to);
  };

  const clientOpened = (n: Notification) => {
    if (n.read_at === null) markRead.mutate(n.id);
    close();
  };

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <p className={styles.summary} aria-live="polite" data-testid="notifications-summary">
          {unread > 0
            ? `${unread} ${plural(unread, ['непрочитанное', 'непрочитанных', 'непрочитанных'])}`
            : 'Все прочитаны'}
        </p>
        {unread > 0 && (
          <Button variant="ghost" loading={markAll.isPending} onClick={() => markAll.mutate()}>
            <Icon name="check" size={16} />
            Прочитать все
          </Button>
        )}
      </div>
      <ul className={styles.list} aria-label="Уведомления">
        {notifications.map((n) => (
          <NotificationItem
            key={n.id}
            notification={n}
            timeZone={timeZone}
            onOpen={open}
            onClientOpened={clientOpened}
            onMarkRead={(id) => markRead.mutate(id)}
            marking={markRead.isPending && markRead.variables === n.id}
          />
        ))}
      </ul>
    </div>
  );
};
