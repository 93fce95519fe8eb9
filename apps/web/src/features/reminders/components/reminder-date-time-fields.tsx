import { todayInZone } from '@crm/contract';
import { Input } from '@/ui/input';
import { completeTime, maskTime, minTimeOn } from './reminder-date-time';
import styles from './reminder-modals.module.css';

type DateTimeFieldsProps = {
  date: string;
  time: string;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  onDateBlur?: () => void;
  onTimeBlur?: () => void;
  /** Shown under each box (the check's, once the user has tried, or the server's). */
  dateError?: string;
  timeError?: string;
  /** The project's zone: 'today' and 'now' are its. */
  zone: string;
  dateLabel?: string;
  timeLabel?: string;
};

/**
 * A day (the browser's date box, today at the earliest) and a 24 h time typed as 'ЧЧ:ММ' in a
 * text box: no clock popup; digits only, the colon put in; the earliest time said under it.
 */
export const DateTimeFields = ({
  date,
  time,
  onDateChange,
  onTimeChange,
  onDateBlur,
  onTimeBlur,
  dateError,
  timeError,
  zone,
  dateLabel = 'Дата',
  timeLabel = 'Время',
}: DateTimeFieldsProps) => {
  const today = todayInZone(zone);
  const minTime = date === today ? minTimeOn(date, zone) : null;
  return (
    <div className={styles.dateTime}>
      <Input
        label={dateLabel}
        type="date"
        required
        min={today}
        value={date}
        onChange={(event) => onDateChange(event.target.value)}
        onBlur={onDateBlur}
        error={dateError}
        data-testid="reminder-date"
      />
      <Input
        label={timeLabel}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="ЧЧ:ММ"
        required
        value={time}
        onChange={(event) => onTimeChange(maskTime(event.target.value))}
        onBlur={() => {
          onTimeChange(completeTime(time));
          onTimeBlur?.();
        }}
        error={timeError}
        hint={minTime ? `Не раньше ${minTime}` : 'Например, 14:30'}
        data-testid="reminder-time"
      />
    </div>
  );
};
