import type { TimelineEntry } from '@crm/contract';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Skeleton } from '@/ui/skeleton';
import { useWhenVisible } from '@/ui/use-when-visible';
import { TimelineItem } from './timeline-entry';
import styles from './client-page.module.css';

type TimelineProps = {
  entries: TimelineEntry[];
  zone: string;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last older page did not load: say so, with 'Повторить'. */
  failed: boolean;
  onMore: () => void;
};

/**
 * The client's timeline, newest first: the next 50 load as its end comes near ('Показать ещё'
 * for the keyboard); each entry shown by its kind.
 */
export const Timeline = ({ entries, zone, hasMore, loadingMore, failed, onMore }: TimelineProps) => {
  const end = useWhenVisible(hasMore && !loadingMore && !failed, onMore);
  if (entries.length === 0) {
    return <EmptyState plain icon="history" text="С клиентом пока ничего не происходило." />;
  }
  return (
    <>
      <ol
        className={styles.timeline}
        aria-label="События клиента, сначала новые"
        data-testid="client-timeline"
      >
        {entries.map((entry) => (
          <TimelineItem key={entry.id} entry={entry} zone={zone} />
        ))}
      </ol>
      {loadingMore && (
        <div className={styles.more} aria-busy="true">
          <span className="visually-hidden">Загружаем ещё</span>
          <Skeleton height={48} />
        </div>
      )}
      {failed && (
        <div className={styles.more} role="alert">
          <span>Не удалось загрузить более ранние события.</span>
          <Button variant="secondary" onClick={onMore}>
            Повторить
          </Button>
        </div>
      )}
      {hasMore && !loadingMore && !failed && (
        <div ref={end} className={styles.more}>
          <Button variant="ghost" onClick={onMore}>
            Показать ещё
          </Button>
        </div>
      )}
    </>
  );
};
