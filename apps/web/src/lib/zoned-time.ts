import { plural } from '@/lib/plural';
import { utcOffsetMinutes } from '@/lib/time-zones';

/**
 * Reminders' days and times are the project's (its IANA zone), whatever the browser's zone: the
 * server answers UTC moments; the web shows and asks for the project's wall-clock day and time,
 * and sends the chosen moment back as UTC.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall clock of `zone` at a moment: 'YYYY-MM-DD' and 'HH:mm' (24 h). */
export const zonedParts = (moment: Date | string | number, zone: string): { date: string; time: string } => {
  const at = new Date(moment);
  const offset = utcOffsetMinutes(zone, at) ?? 0;
  const shifted = new Date(at.getTime() + offset * 60_000);
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
  };
};

/** Today in the zone, 'YYYY-MM-DD'. */
export const todayInZone = (zone: string, now: Date = new Date()) => zonedParts(now, zone).date;

/** 'HH:mm' is a valid 24-hour time. */
export const isTime = (time: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
/** 'YYYY-MM-DD' is a real calendar day. */
export const isDate = (date: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
};

/**
 * The moment the zone's wall clock shows `date` `time`, as an ISO UTC string ('…Z'); null when
 * either is not valid. In a spring-forward gap the time is read with the offset before the change.
 */
export const zonedToUtcIso = (date: string, time: string, zone: string): string | null => {
  if (!isDate(date) || !isTime(time)) return null;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offset at the wall time read as UTC, then corrected once by the offset at the result.
  const first = wall - (utcOffsetMinutes(zone, new Date(wall)) ?? 0) * 60_000;
  const second = wall - (utcOffsetMinutes(zone, new Date(first)) ?? 0) * 60_000;
  return new Date(second).toISOString().replace(/\.\d{3}Z$/, 'Z');
};

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
