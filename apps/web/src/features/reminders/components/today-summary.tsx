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

/** Three numbers over today's list: all, done, overdue. */
export const TodaySummary = ({
  reminders,
  truncated,
}: {
  reminders: ReminderListItem[] | undefined;
  truncated: boolean;
}) => {
  if (!reminders) {
    return (
      <div className={styles.summary} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={styles.tile}>
            <Skeleton width={48} height={28} />
            <Skeleton width="60%" height={12} />
          </div>
        ))}
      </div>
    );
  }
  const counts = todayCounts(reminders);
  const tiles: Tile[] = [
    { key: 'total', label: 'Всего на сегодня', value: truncated ? `${counts.total}+` : counts.total },
    { key: 'pending', label: 'Активно', value: counts.pending, tone: 'info' },
    { key: 'completed', label: 'Выполнено', value: counts.completed, tone: 'success' },
    { key: 'expired', label: 'Просрочено', value: counts.expired, tone: 'danger' },
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
