import { zonedParts } from '@crm/contract';
import type { ReminderListItem } from '@crm/contract';
import { ReminderCard, ReminderCardSkeleton } from './reminder-status';
import styles from './today.module.css';

const PARTS = [
  { key: 'morning', title: 'Утро', until: '12:00' },
  { key: 'day', title: 'День', until: '18:00' },
  { key: 'evening', title: 'Вечер', until: '24:00' },
] as const;

/** Today's reminders, earliest first, in the parts of the project's day they fall in. */
export const groupByPartOfDay = (reminders: ReminderListItem[], zone: string) => {
  const sorted = [...reminders].sort((a, b) => a.completion_date.localeCompare(b.completion_date));
  return PARTS.map((part, i) => {
    const from = i === 0 ? '00:00' : PARTS[i - 1]!.until;
    const items = sorted.filter((r) => {
      const { time } = zonedParts(r.completion_date, zone);
      return time >= from && time < part.until;
    });
    return { ...part, items };
  }).filter((group) => group.items.length > 0);
};

type TodayListProps = {
  reminders: ReminderListItem[];
  zone: string;
  showManager: boolean;
  onOpen: (reminderId: number) => void;
};

export const TodayList = ({ reminders, zone, showManager, onOpen }: TodayListProps) => (
  <div data-testid="today-list">
    {groupByPartOfDay(reminders, zone).map((group) => (
      <section key={group.key} className={styles.group} aria-labelledby={`today-${group.key}`}>
        <h3 id={`today-${group.key}`} className={styles.groupTitle}>
          {group.title}
        </h3>
        <ul className={styles.grid}>
          {group.items.map((r) => (
            <li key={r.id}>
              <ReminderCard
                reminder={r}
                dateStyle="time"
                showManager={showManager}
                onClick={() => onOpen(r.id)}
              />
            </li>
          ))}
        </ul>
      </section>
    ))}
  </div>
);

export const TodayListSkeleton = () => (
  <ul className={styles.grid} aria-hidden="true" data-testid="today-loading">
    {[0, 1, 2, 3, 4, 5].map((i) => (
      <li key={i}>
        <ReminderCardSkeleton />
      </li>
    ))}
  </ul>
);
