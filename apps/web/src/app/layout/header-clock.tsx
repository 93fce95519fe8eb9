import { useEffect, useState } from 'react';
import { formatLongDate, formatTime, msUntilNextMinute, toApiDate } from '@/lib/dates';
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

/** 'Сегодня' with today's date and 'Время' with HH:mm, as in docs/product.md §2.3. */
export const HeaderClock = () => {
  const now = useMinuteClock();
  return (
    <div className={styles.clock}>
      <div className={styles.info}>
        <span className={styles.infoLabel}>Сегодня</span>
        <time className={styles.infoValue} dateTime={toApiDate(now)} data-testid="header-today">
          {formatLongDate(now)}
        </time>
      </div>
      <div className={styles.info}>
        <span className={styles.infoLabel}>Время</span>
        <time className={styles.infoValue} dateTime={formatTime(now)} data-testid="header-time">
          {formatTime(now)}
        </time>
      </div>
    </div>
  );
};
