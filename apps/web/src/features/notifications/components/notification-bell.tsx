import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live/live-events';
import { plural } from '@/lib/plural';
import { queryKeys } from '@/lib/query-keys';
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
  const queryClient = useQueryClient();
  // The live stream says when the bell changed; the 60 s poll stays as the fallback.
  useLiveEvent('notifications.changed', (event) => {
    if (event.payload.project_id === projectId) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all(projectId) });
    }
  });
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
