import type { Db } from '../db/database.js';

/**
 * Calendar days of a project's time zone as UTC moments (date parameters are read in the
 * project's zone, docs/product.md §5.1; stored times are UTC).
 */

export const findProjectTimezone = async (db: Db, projectId: number) =>
  (await db.selectFrom('projects').select('timezone').where('id', '=', projectId).executeTakeFirstOrThrow())
    .timezone;

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** How far the zone's wall clock is ahead of UTC at this moment, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The first moment of the day `YYYY-MM-DD` in the zone (also across a DST change). */
export function startOfDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let at = wall - offsetAt(wall, timeZone);
  // The offset at the guess may differ from the offset at the answer (a DST change that day).
  const again = wall - offsetAt(at, timeZone);
  if (again !== at) at = again;
  return new Date(at);
}

/** The first moment after the day `YYYY-MM-DD` in the zone (the end, exclusive). */
export function endOfDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return startOfDay(next, timeZone);
}

/** The day `YYYY-MM-DD` of the zone that this moment falls on. */
export function dayOf(at: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The day `days` after `YYYY-MM-DD` (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Zone offsets by quarter hour (every zone changes its offset on a quarter hour). */
const offsets = new Map<string, number>();
const QUARTER = 15 * 60_000;

/** A moment as the history reads it in the zone: 'DD.MM.YYYY HH:mm'. */
export function formatMoment(at: Date | string, timeZone: string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  // Intl's formatToParts costs microseconds a call; a scheduler pass formats thousands.
  const key = `${timeZone}|${Math.floor(ms / QUARTER)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 10_000) offsets.clear();
    offset = offsetAt(ms, timeZone);
    offsets.set(key, offset);
  }
  const wall = new Date(ms + offset);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(wall.getUTCDate())}.${two(wall.getUTCMonth() + 1)}.${wall.getUTCFullYear()} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
}
