import { Card } from '@/ui/card';
import { cx } from '@/ui/cx';
import { Skeleton } from '@/ui/skeleton';
import styles from './statistics.module.css';

/** The eight cards as the page lays them out: a title, its buttons, and the chart's box. */
export const StatisticsSkeleton = () => (
  <div className={styles.grid} aria-busy="true" data-testid="statistics-skeleton">
    <span className="visually-hidden">Загрузка статистики</span>
    {[false, false, true, false, false, true, false, false].map((wide, i) => (
      <Card key={i} className={cx(styles.card, wide && styles.wide)} aria-hidden="true">
        <div className={styles.skeletonHead}>
          <div className={styles.skeletonTitle}>
            <Skeleton width="45%" height={20} />
            <Skeleton width="70%" height={14} />
          </div>
          <Skeleton width={120} height={36} />
        </div>
        <div className={styles.skeletonBars}>
          {[90, 70, 55, 35, 20].map((w) => (
            <Skeleton key={w} width={`${wide ? w / 1.2 : w}%`} height={22} />
          ))}
        </div>
      </Card>
    ))}
  </div>
);
