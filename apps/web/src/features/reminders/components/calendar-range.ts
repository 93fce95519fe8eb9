import type { CalendarPeriod } from '@crm/contract';
import { CALENDAR_PERIODS, zonedParts } from '@crm/contract';

/**
 * The calendar's state (docs/product.md §4.9: period, default week, and a date) and the window
 * it asks the server for. Days are plain 'YYYY-MM-DD' strings of the project's calendar; the
 * arithmetic runs on UTC dates so no browser zone or summer time can shift a day.
 */
export type CalendarState = { period: CalendarPeriod; date: string };

/** FullCalendar's view for each period. */
export const VIEW_OF: Record<CalendarPeriod, string> = {
  day: 'timeGridDay',
  week: 'timeGridWeek',
  month: 'dayGridMonth',
};

export const PERIOD_LABELS: Record<CalendarPeriod, string> = { day: 'День', week: 'Неделя', month: 'Месяц' };

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const toUtc = (day: string): Date => {
  const m = DAY_RE.exec(day);
  if (!m) throw new Error(`Not a day: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
};

const fromUtc = (d: Date): string => d.toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export const isDay = (value: string | null | undefined): value is string => {
  if (!value || !DAY_RE.test(value)) return false;
  return fromUtc(toUtc(value)) === value;
};

export const addDays = (day: string, days: number): string => {
  const d = toUtc(day);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
};

const addMonths = (day: string, months: number): string => {
  const d = toUtc(day);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  return fromUtc(d);
};

/** Monday of the week the day is in (weeks start on Monday). */
export const mondayOf = (day: string): string => {
  const weekday = (toUtc(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
};

/** The day that names a period: the day itself, its week's Monday, its month's 1st. */
export const normalizeDate = (period: CalendarPeriod, day: string): string => {
  if (period === 'week') return mondayOf(day);
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  return day;
};

/**
 * The first day the view shows, the calendar request's `start_date`: a month view starts on the
 * Monday of the week of the 1st and shows six weeks (CALENDAR_PERIOD_DAYS.month = 42).
 */
export const rangeStart = ({ period, date }: CalendarState): string =>
  period === 'month' ? mondayOf(normalizeDate('month', date)) : normalizeDate(period, date);

/** The previous (-1) or next (+1) period. */
export const shiftPeriod = ({ period, date }: CalendarState, step: -1 | 1): CalendarState => {
  const start = normalizeDate(period, date);
  if (period === 'month') return { period, date: addMonths(start, step) };
  return { period, date: addDays(start, step * (period === 'week' ? 7 : 1)) };
};

export const isPeriod = (value: string | null): value is CalendarPeriod =>
  value !== null && (CALENDAR_PERIODS as readonly string[]).includes(value);

/**
 * The state the URL holds (`?period=week&date=YYYY-MM-DD`), normalized; what is missing or wrong
 * falls back to the default period on today.
 */
export const readCalendarState = (
  params: URLSearchParams,
  fallback: { period: CalendarPeriod; today: string },
): CalendarState => {
  const rawPeriod = params.get('period');
  const period = isPeriod(rawPeriod) ? rawPeriod : fallback.period;
  const rawDate = params.get('date');
  const date = isDay(rawDate) ? rawDate : fallback.today;
  return { period, date: normalizeDate(period, date) };
};

/** Does the period contain the day? ('Сегодня' is disabled when it does.) */
export const periodContains = (state: CalendarState, day: string): boolean => {
  const start = normalizeDate(state.period, state.date);
  if (state.period === 'month') return day.slice(0, 7) === start.slice(0, 7);
  const days = state.period === 'week' ? 7 : 1;
  return day >= start && day < addDays(start, days);
};

/**
 * FullCalendar runs in its 'UTC' mode and is given floating wall times of the project's zone
 * ('2026-11-23T10:30'), which puts every reminder on the project's day and hour whatever the
 * browser's zone (named zones would need a plugin).
 */
export const wallTimeOf = (moment: string, zone: string): string => {
  const { date, time } = zonedParts(moment, zone);
  return `${date}T${time}`;
};

/** The Dates FullCalendar hands out in 'UTC' mode carry the wall time in their UTC fields. */
export const floatingOf = (date: Date): string => date.toISOString().slice(0, 16);

/** How long a reminder's block is on the time grid: one slot, room for its time and title. */
const EVENT_MINUTES = 30;

/**
 * A reminder's block on the time grid: half an hour from its time, but never past its day's
 * midnight (a reminder at 23:50 would otherwise show twice, the second piece on the next day).
 * Late in the evening the block starts earlier instead of shrinking, so its title stays readable;
 * the block's label shows the reminder's own time.
 */
export const eventBlockOf = (wallStart: string): { start: string; end: string } => {
  const day = wallStart.slice(0, 10);
  const midnight = new Date(`${addDays(day, 1)}T00:00:00Z`).getTime();
  const wanted = new Date(`${wallStart}:00Z`).getTime();
  const start = Math.min(wanted, midnight - EVENT_MINUTES * 60_000);
  return { start: floatingOf(new Date(start)), end: floatingOf(new Date(start + EVENT_MINUTES * 60_000)) };
};
