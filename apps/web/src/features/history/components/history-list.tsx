import { useMemo } from 'react';
import type { HistoryEntry } from '@crm/contract';
import { plural } from '@/lib/plural';
import { formatDay } from '@/lib/zoned-time';
import { Button } from '@/ui/button';
import { groupByDay } from './history-days';
import { HistoryEntryRow } from './history-entry';
import { useWhenVisible } from '@/ui/use-when-visible';
import styles from './history.module.css';

type HistoryListProps = {
  entries: HistoryEntry[];
  zone: string;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last 'load more' failed: no more automatic tries, the button retries. */
  moreFailed: boolean;
  onLoadMore: () => void;
  onOpenClient: (clientId: number) => void;
};

/**
 * The entries under the project's days. Only what is loaded is rendered (pages of 50); the next
 * page loads when the end comes into view, or by 'Показать ещё' from the keyboard.
 */
export const HistoryList = ({
  entries,
  zone,
  hasMore,
  loadingMore,
  moreFailed,
  onLoadMore,
  onOpenClient,
}: HistoryListProps) => {
  const days = useMemo(() => groupByDay(entries, zone), [entries, zone]);
  const shown = days.reduce((sum, day) => sum + day.entries.length, 0);
  const endRef = useWhenVisible(hasMore && !loadingMore && !moreFailed, onLoadMore);

  return (
    <div className={styles.feed}>
      {days.map((day) => (
        <section key={day.date} className={styles.day} aria-labelledby={`history-day-${day.date}`}>
          <h2 id={`history-day-${day.date}`} className={styles.dayTitle} data-testid="history-day">
            {formatDay(day.date)}
          </h2>
          <ol className={styles.entries}>
            {day.entries.map((item) => (
              <HistoryEntryRow key={item.entry.id} item={item} zone={zone} onOpenClient={onOpenClient} />
            ))}
          </ol>
        </section>
      ))}

      <div ref={endRef} className={styles.end}>
        <p className="visually-hidden" role="status">
          {`Показано ${shown} ${plural(shown, ['запись', 'записи', 'записей'])}`}
        </p>
        {moreFailed && <p className={styles.endError}>Не удалось загрузить следующие записи.</p>}
        {hasMore ? (
          <Button variant="secondary" loading={loadingMore} onClick={onLoadMore}>
            {moreFailed ? 'Повторить' : 'Показать ещё'}
          </Button>
        ) : (
          <p className={styles.endText} data-testid="history-end">
            Это все записи: {shown} {plural(shown, ['запись', 'записи', 'записей'])}
          </p>
        )}
      </div>
    </div>
  );
};
