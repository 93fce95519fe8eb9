import { plural } from '@/lib/plural';
import { todayInZone, zonedParts } from '@crm/contract';

/**
 * Reminders' days and times are the project's (its IANA zone), whatever the browser's zone: the
 * server answers UTC moments; the web shows and asks for the project's wall-clock day and time,
 * and sends the chosen moment back as UTC. The arithmetic is the contract's (zoned-time.ts); this
 * file only words days, moments and durations in Russian.
 */

/** A day of the zone, read from 'YYYY-MM-DD', as a Date whose UTC fields are that day (for formatting). */
const dayAsUtc = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

const longDate = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', timeZone: 'UTC' });

/** '22 ноября 2026' for a day 'YYYY-MM-DD'. */
export const formatDay = (date: string) => longDate.format(dayAsUtc(date)).replace(/\s*г\.$/, '');

/** 'пн, 22.11' for a day 'YYYY-MM-DD'. */
export const formatShortDay = (date: string) => {
  const [, m, d] = date.split('-');
  return `${shortDay.format(dayAsUtc(date))}, ${d}.${m}`;
};

/**
 * A reminder's due moment in the project's zone: 'Сегодня, 14:30', 'Завтра, 09:00', 'Вчера, 18:00'
 * or '22 ноября 2026, 14:30'.
 */
export const formatDue = (moment: string, zone: string, now: Date = new Date()) => {
  const { date, time } = zonedParts(moment, zone);
  const today = todayInZone(zone, now);
  const diff = Math.round((dayAsUtc(date).getTime() - dayAsUtc(today).getTime()) / 86_400_000);
  const day = diff === 0 ? 'Сегодня' : diff === 1 ? 'Завтра' : diff === -1 ? 'Вчера' : formatDay(date);
  return `${day}, ${time}`;
};

/** Minutes as people read them: '15 минут', '1 час', '1 ч 30 мин', '2 дня'. */
export const formatMinutes = (minutes: number): string => {
  if (minutes < 60) return `${minutes} ${plural(minutes, ['минута', 'минуты', 'минут'])}`;
  if (minutes % 1440 === 0) {
    const days = minutes / 1440;
    return `${days} ${plural(days, ['день', 'дня', 'дней'])}`;
  }
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} ${plural(hours, ['час', 'часа', 'часов'])}`;
  }
  return `${Math.floor(minutes / 60)} ч ${minutes % 60} мин`;
};
