import { zonedParts } from '@crm/contract';
import { RU_MONTHS_OF } from '@/lib/dates';

const partsIn = (at: Date, timeZone: string) => {
  const { date, time } = zonedParts(at, timeZone);
  return { day: date, time };
};

/** The project's day of a moment, YYYY-MM-DD (the calendar link's `date`). */
export const dayInZone = (iso: string, timeZone: string): string => partsIn(new Date(iso), timeZone).day;

/**
 * When a notification came, as the panel shows it: 'HH:mm' today, 'вчера, HH:mm', else
 * '20 ноября, HH:mm' (the year only when it is not this one).
 */
export const notificationTime = (iso: string, timeZone: string, now: Date = new Date()): string => {
  const at = partsIn(new Date(iso), timeZone);
  const today = partsIn(now, timeZone).day;
  const yesterday = partsIn(new Date(now.getTime() - 86_400_000), timeZone).day;
  if (at.day === today) return at.time;
  if (at.day === yesterday) return `вчера, ${at.time}`;
  const [year, month, day] = at.day.split('-');
  const sameYear = year === today.slice(0, 4);
  return `${Number(day)} ${RU_MONTHS_OF[Number(month) - 1]}${sameYear ? '' : ` ${year}`}, ${at.time}`;
};
