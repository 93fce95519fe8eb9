import { Skeleton, Loading } from '@/ui/skeleton';
import styles from './reminder-modals.module.css';

/** A modal's body while its code or its reminder loads. */
export const ReminderModalSkeleton = () => (
  <Loading className={styles.skeleton} label="Загрузка">
    <Skeleton width="60%" height={24} />
    <Skeleton width="35%" height={14} />
    <Skeleton height={36} />
    <Skeleton height={14} />
    <Skeleton width="80%" height={14} />
    <Skeleton width="70%" height={14} />
  </Loading>
);
