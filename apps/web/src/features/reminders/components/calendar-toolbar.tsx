import { CALENDAR_PERIODS, type CalendarPeriod } from '@crm/contract';
import { Button, IconButton } from '@/ui/button';
import { cx } from '@/ui/cx';
import { Icon } from '@/ui/icons';
import { RU_MONTHS, RU_MONTHS_OF } from '@/lib/dates';
import {
  addDays,
  normalizeDate,
  PERIOD_LABELS,
  periodContains,
  shiftPeriod,
  type CalendarState,
} from './calendar-range';
import { formatDay } from '@/lib/zoned-time';
import styles from './calendar-view.module.css';

const parts = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};

/** 'Ноябрь 2026', '23 – 29 ноября 2026', '30 ноября – 6 декабря 2026', '23 ноября 2026'. */
export const periodTitle = ({ period, date }: CalendarState): string => {
  const start = normalizeDate(period, date);
  const s = parts(start);
  if (period === 'month') {
    const name = RU_MONTHS[s.m - 1] ?? '';
    return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${s.y}`;
  }
  if (period === 'day') return formatDay(start);
  const e = parts(addDays(start, 6));
  if (s.y !== e.y) return `${s.d} ${RU_MONTHS_OF[s.m - 1]} ${s.y} – ${e.d} ${RU_MONTHS_OF[e.m - 1]} ${e.y}`;
  if (s.m !== e.m) return `${s.d} ${RU_MONTHS_OF[s.m - 1]} – ${e.d} ${RU_MONTHS_OF[e.m - 1]} ${e.y}`;
  return `${s.d} – ${e.d} ${RU_MONTHS_OF[e.m - 1]} ${e.y}`;
};

const STEP_LABELS: Record<CalendarPeriod, [string, string]> = {
  day: ['Предыдущий день', 'Следующий день'],
  week: ['Предыдущая неделя', 'Следующая неделя'],
  month: ['Предыдущий месяц', 'Следующий месяц'],
};

type CalendarToolbarProps = {
  state: CalendarState;
  today: string;
  onChange: (next: CalendarState) => void;
};

/** Previous / today / next, the period's title, and День / Неделя / Месяц. */
export const CalendarToolbar = ({ state, today, onChange }: CalendarToolbarProps) => {
  const [prevLabel, nextLabel] = STEP_LABELS[state.period];
  return (
    <div className={styles.toolbar}>
      <div className={styles.nav}>
        <IconButton label={prevLabel} variant="secondary" onClick={() => onChange(shiftPeriod(state, -1))}>
          <Icon name="chevronLeft" />
        </IconButton>
        <Button
          variant="secondary"
          disabled={periodContains(state, today)}
          onClick={() => onChange({ period: state.period, date: normalizeDate(state.period, today) })}
        >
          Сегодня
        </Button>
        <IconButton label={nextLabel} variant="secondary" onClick={() => onChange(shiftPeriod(state, 1))}>
          <Icon name="chevronRight" />
        </IconButton>
      </div>
      <h2 className={styles.title} aria-live="polite" data-testid="calendar-title">
        {periodTitle(state)}
      </h2>
      <div className={styles.periods} role="group" aria-label="Период">
        {CALENDAR_PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            className={cx(styles.period, period === state.period && styles.periodActive)}
            aria-pressed={period === state.period}
            onClick={() =>
              onChange({
                period,
                date: normalizeDate(period, periodContains(state, today) ? today : state.date),
              })
            }
          >
            {PERIOD_LABELS[period]}
          </button>
        ))}
      </div>
    </div>
  );
};
