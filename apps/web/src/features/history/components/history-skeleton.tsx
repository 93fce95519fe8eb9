import { Skeleton } from '@/ui/skeleton';
import styles from './history.module.css';

/** Shaped like a day of entries: the heading, then rows of time, name and sentence. */
export const HistorySkeleton = () => (
  <div className={styles.feed} aria-busy="true" data-testid="history-skeleton">
    <span className="visually-hidden">Загрузка истории</span>
    <Skeleton width={160} height={18} />
    <div className={styles.entries}>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className={styles.entry}>
          <div className={styles.meta}>
            <Skeleton width={120} height={14} />
            <Skeleton width={140} height={14} />
          </div>
          <Skeleton width={i % 2 ? '70%' : '90%'} height={16} />
        </div>
      ))}
    </div>
  </div>
);
