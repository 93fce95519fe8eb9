import { useSession } from '@/lib/session-context';
import { IconButton } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { useModals } from '@/ui/modal';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';
import { NOTIFICATIONS_PANEL, NotificationsPanel } from './notifications-panel';
import styles from './notification-bell.module.css';

/** The header bell: opens today's notifications in a side panel; a badge shows unread ones. */
export const NotificationBell = () => {
  const { projectId } = useSession();
  const unread = useUnreadCount(projectId);
  const modals = useModals();
  const label = unread > 0 ? `Уведомления: непрочитанных ${unread}` : 'Уведомления';
  return (
    <span className={styles.wrap}>
      <IconButton label={label} onClick={() => modals.open(() => <NotificationsPanel />, NOTIFICATIONS_PANEL)}>
        <Icon name="bell" />
      </IconButton>
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true" data-testid="unread-badge">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </span>
  );
};
