import { Loading } from '@/ui/skeleton';
import type { ReactNode } from 'react';
import type { Page, ReminderListItem } from '@crm/contract';
import { LoadError } from '@/ui/empty-state';
import { Pager } from '@/ui/pager/pager';
import { ReminderCard, ReminderCardSkeleton } from './reminder-status';
import { useReminderModals } from './use-reminder-modals';
import styles from './reminder-lists.module.css';

type ReminderListProps = {
  /** The query's page; undefined while the first one loads. */
  data: Page<ReminderListItem> | undefined;
  isError: boolean;
  /** The previous page is on screen while the next one loads. */
  isPlaceholder: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
  /** In place of an empty list: one sentence and the action that fills it. */
  empty: ReactNode;
  /** What is paged, for screen readers. */
  label: string;
  showClient?: boolean;
};

/** One page of reminders as cards (a click opens the details), with every state and the pager. */
export const ReminderList = ({
  data,
  isError,
  isPlaceholder,
  onRetry,
  onPage,
  empty,
  label,
  showClient = true,
}: ReminderListProps) => {
  const { openDetails } = useReminderModals();
  if (isError && !data) return <LoadError plain text="Не удалось загрузить напоминания." onRetry={onRetry} />;
  if (!data) {
    return (
      <Loading className={styles.list} label="Загрузка напоминаний">
        {[0, 1, 2].map((i) => (
          <ReminderCardSkeleton key={i} />
        ))}
      </Loading>
    );
  }
  if (data.data.length === 0 && data.current_page <= 1) return <>{empty}</>;
  return (
    <div className={styles.body}>
      <ul className={styles.list} aria-label={label} aria-busy={isPlaceholder || undefined}>
        {data.data.map((reminder) => (
          <li key={reminder.id}>
            <ReminderCard
              reminder={reminder}
              showClient={showClient}
              onClick={() => openDetails(reminder.id)}
            />
          </li>
        ))}
      </ul>
      <Pager
        current={data.current_page}
        last={data.last_page}
        onChange={onPage}
        label={`Страницы: ${label.toLowerCase()}`}
      />
    </div>
  );
};
