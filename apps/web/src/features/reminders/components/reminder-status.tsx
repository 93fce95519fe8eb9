import {
  REMINDER_STATUS_LABELS,
  type ReminderListItem,
  type ReminderStatus,
  zonedParts,
} from '@crm/contract';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { Skeleton } from '@/ui/skeleton';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { formatDue } from '@/lib/zoned-time';
import styles from './reminder-status.module.css';

export type ReminderTone = 'info' | 'danger' | 'success' | 'muted';

export type ReminderStatusLook = {
  label: string;
  tone: ReminderTone;
  /** Canceled: the title is struck through. */
  struck: boolean;
};

const LOOKS: Record<ReminderStatus, Omit<ReminderStatusLook, 'label'>> = {
  pending: { tone: 'info', struck: false },
  expired: { tone: 'danger', struck: false },
  completed: { tone: 'success', struck: false },
  skipped: { tone: 'muted', struck: false },
  canceled: { tone: 'muted', struck: true },
};

/**
 * A status's label and colour (docs/product.md §10): pending blue, expired red, completed green, skipped
 * grey, canceled grey and struck through; a status the web does not know is muted and shown as is.
 */
export const reminderStatusLook = (status: string): ReminderStatusLook => {
  const known = LOOKS[status as ReminderStatus] as (typeof LOOKS)[ReminderStatus] | undefined;
  if (!known) return { label: status, tone: 'muted', struck: false };
  return { ...known, label: REMINDER_STATUS_LABELS[status as ReminderStatus] };
};

/** The class giving a block the status's colour (`--tone`, `--tone-text`), for calendars and lists. */
export const reminderToneClass = (status: string) => styles[reminderStatusLook(status).tone];

export const ReminderStatusBadge = ({ status, className }: { status: string; className?: string }) => {
  const look = reminderStatusLook(status);
  return (
    <span
      className={cx(styles.badge, styles[look.tone], className)}
      data-testid="reminder-status"
      data-status={status}
    >
      <span className={styles.dot} aria-hidden="true" />
      {look.label}
    </span>
  );
};

/** 'Иван Петров'. */
export const reminderClientName = (client: { name: string; last_name: string }) =>
  `${client.name} ${client.last_name}`.trim();

type ReminderCardProps = {
  reminder: ReminderListItem;
  /** Opens the details (useReminderModals().openDetails). */
  onClick?: () => void;
  /** 'full': 'Сегодня, 14:30' / '22 ноября 2026, 14:30'; 'time': only '14:30' (a day's list). */
  dateStyle?: 'full' | 'time';
  /** The client's name (default); off in a client's own list. */
  showClient?: boolean;
  /** The manager's name (an admin's team view). */
  showManager?: boolean;
  className?: string;
};

/**
 * A reminder in a list: the title (two lines at most), the due time, the client, the checklist's
 * progress and the status; the status's colour as a stripe on the left. A click opens the details.
 */
export const ReminderCard = ({
  reminder,
  onClick,
  dateStyle = 'full',
  showClient = true,
  showManager = false,
  className,
}: ReminderCardProps) => {
  const zone = useProjectTimeZone();
  const look = reminderStatusLook(reminder.status);
  const due =
    dateStyle === 'time'
      ? zonedParts(reminder.completion_date, zone).time
      : formatDue(reminder.completion_date, zone);
  const allDone = reminder.tasks_total > 0 && reminder.tasks_done >= reminder.tasks_total;
  return (
    <button
      type="button"
      className={cx(styles.card, styles[look.tone], look.struck && styles.struck, className)}
      onClick={onClick}
      data-testid="reminder-card"
      data-reminder-id={reminder.id}
      data-status={reminder.status}
    >
      <span className={styles.head}>
        <span className={styles.title}>{reminder.title}</span>
        <ReminderStatusBadge status={reminder.status} />
      </span>
      <span className={styles.facts}>
        <span className={styles.fact}>
          <Icon name="calendar" size={14} aria-hidden="true" />
          <span className="visually-hidden">Срок: </span>
          {due}
        </span>
        {reminder.rescheduled && <span className={styles.fact}>Перенесено</span>}
        {reminder.tasks_total > 0 && (
          <span className={cx(styles.fact, allDone && styles.done)}>
            <Icon name="check" size={14} aria-hidden="true" />
            <span className="visually-hidden">Чек-лист: выполнено </span>
            {reminder.tasks_done}/{reminder.tasks_total}
          </span>
        )}
      </span>
      {(showClient || showManager) && (
        <span className={styles.facts}>
          {showClient && (
            <span className={cx(styles.fact, styles.client)}>
              <span className="visually-hidden">Клиент: </span>
              {reminderClientName(reminder.client)}
            </span>
          )}
          {showManager && (
            <span className={cx(styles.fact, styles.client)}>
              <span className="visually-hidden">Менеджер: </span>
              {reminder.manager.name}
            </span>
          )}
        </span>
      )}
    </button>
  );
};

/** What a list of reminder cards shows while it loads. */
export const ReminderCardSkeleton = () => (
  <div className={styles.skeleton} aria-hidden="true">
    <Skeleton width="70%" height={16} />
    <Skeleton width="45%" height={12} />
  </div>
);

/** Cards one under another (a <ul>). */
export const reminderListClass = styles.list;
