import { zonedParts } from '@crm/contract';
import { useEffect, useState } from 'react';
import { msUntilNextMinute } from '@/lib/dates';
import { useProjectTimeZone } from '@/lib/project-time-zone';
import { formatDay } from '@/lib/zoned-time';
import styles from './header.module.css';

/** The current time, refreshed when each minute starts and then every 60 s (docs/product.md §2.3). */
const useMinuteClock = (): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let interval: number | undefined;
    const timeout = window.setTimeout(() => {
      setNow(new Date());
      interval = window.setInterval(() => setNow(new Date()), 60_000);
    }, msUntilNextMinute());
    return () => {
      window.clearTimeout(timeout);
      window.clearInterval(interval);
    };
  }, []);
  return now;
};

/**
 * 'Сегодня' with today's date and 'Время' with HH:mm (docs/product.md §2.3), as one quiet line
 * that leaves the header's room to the search; 'Время' is for screen readers, the dot shows it.
 * Both are the project's, as the dashboard's today and the calendar are, whatever the browser's zone.
 */
export const HeaderClock = () => {
  const { date, time } = zonedParts(useMinuteClock(), useProjectTimeZone());
  return (
    <p className={styles.clock} data-testid="header-clock">
      <span>Сегодня</span>{' '}
      <time className={styles.clockValue} dateTime={date} data-testid="header-today">
        {formatDay(date)}
      </time>
      <span className={styles.clockDot} aria-hidden="true">
        ·
      </span>
      <span className="visually-hidden">Время </span>
      <time className={styles.clockValue} dateTime={time} data-testid="header-time">
        {time}
      </time>
    </p>
  );
};
