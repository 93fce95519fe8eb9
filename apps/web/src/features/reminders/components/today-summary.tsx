import type { ReminderListItem } from '@crm/contract';
import { cx } from '@/ui/cx';
import { Skeleton } from '@/ui/skeleton';
import styles from './today.module.css';

type Tile = { key: string; label: string; value: number | string; tone?: 'success' | 'danger' | 'info' };

/** How many reminders today has, how many are done, how many are overdue (and still active). */
export const todayCounts = (reminders: ReminderListItem[]) => ({
  total: reminders.length,
  completed: reminders.filter((r) => r.status === 'completed').length,
  expired: reminders.filter((r) => r.status === 'expired').length,
  pending: reminders.filter((r) => r.status === 'pending').length,
});

const LABELS = {
  total: 'Всего на сегодня',
  pending: 'Активно',
  completed: 'Выполнено',
  expired: 'Просрочено',
} as const;

/** Three numbers over today's list: all, done, overdue. */
export const TodaySummary = ({
  reminders,
  truncated,
}: {
  reminders: ReminderListItem[] | undefined;
  truncated: boolean;
}) => {
  if (!reminders) {
    // The tiles as they will be, with a placeholder for each number: nothing moves when they come.
    return (
      <div className={styles.summary} aria-hidden="true">
        {Object.entries(LABELS).map(([key, label]) => (
          <div key={key} className={styles.tile}>
            <span className={styles.tileLabel}>{label}</span>
            <span className={styles.tileValue}>
              <Skeleton width={48} height={22} />
            </span>
          </div>
        ))}
      </div>
    );
  }
  const counts = todayCounts(reminders);
  const tiles: Tile[] = [
    { key: 'total', label: LABELS.total, value: truncated ? `${counts.total}+` : counts.total },
    { key: 'pending', label: LABELS.pending, value: counts.pending, tone: 'info' },
    { key: 'completed', label: LABELS.completed, value: counts.completed, tone: 'success' },
    { key: 'expired', label: LABELS.expired, value: counts.expired, tone: 'danger' },
  ];
  return (
    <dl className={styles.summary} data-testid="today-summary">
      {tiles.map((t) => (
        <div
          key={t.key}
          className={cx(styles.tile, t.tone && t.value !== 0 && styles[t.tone])}
          data-testid={`today-${t.key}`}
        >
          <dt className={styles.tileLabel}>{t.label}</dt>
          <dd className={styles.tileValue}>{t.value}</dd>
        </div>
      ))}
    </dl>
  );
};
