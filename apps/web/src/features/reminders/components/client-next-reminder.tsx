import { useSession } from '@/lib/session-context';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { formatDue } from '@/lib/zoned-time';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { useNextReminder } from '@/features/reminders/api/get-next-reminder';
import styles from './client-next-reminder.module.css';

/**
 * The 'client-next-reminder' slot, on a board card under the amount (docs/product.md §10.3): the client's next
 * open reminder, its title and when, red when overdue. Nothing when he has none (or it cannot be
 * had: the card says everything else).
 */
const ClientNextReminder = ({ clientId }: { clientId: number }) => {
  const { projectId } = useSession();
  const zone = useProjectTimeZone();
  const next = useNextReminder(projectId, clientId).data;
  if (!next) return null;
  const overdue = next.status === 'expired';
  return (
    <div className={cx(styles.next, overdue && styles.overdue)} data-testid="card-next-reminder">
      <dt className="visually-hidden">{overdue ? 'Просроченное напоминание' : 'Следующее напоминание'}</dt>
      <dd className={styles.line} title={next.title}>
        <Icon name="calendar" size={14} aria-hidden="true" />
        <span className={styles.title}>{next.title}</span>
        <time className={styles.due} dateTime={next.completion_date}>
          {formatDue(next.completion_date, zone)}
        </time>
      </dd>
    </div>
  );
};

export default ClientNextReminder;
