import { plural } from '@/lib/plural';
import { useSession } from '@/lib/session-context';
import { useSessionModals } from '@/lib/session-modals';
import { IconButton } from '@/ui/button';
import { Icon } from '@/ui/icons';
import { useUnreadCount } from '../api/get-unread-count';
import { NOTIFICATIONS_PANEL, NotificationsPanel } from './notifications-panel';
import styles from './notification-bell.module.css';

/** The header bell: opens today's notifications in a side panel; a badge shows unread ones. */
export const NotificationBell = () => {
  const { projectId } = useSession();
  const unread = useUnreadCount(projectId);
  const modals = useSessionModals();
  const label =
    unread > 0
      ? `Уведомления: ${unread} ${plural(unread, ['непрочитанное', 'непрочитанных', 'непрочитанных'])}`
      : 'Уведомления';
  return (
    <span className={styles.wrap}>
      <IconButton
        label={label}
        aria-haspopup="dialog"
        disabled={projectId === null}
        onClick={() => modals.open(({ close }) => <NotificationsPanel close={close} />, NOTIFICATIONS_PANEL)}
      >
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
