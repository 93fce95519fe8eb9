/**
 * The one time-zone arithmetic of the server and the web: a project's days and wall-clock times
 * (its IANA zone, docs/product.md) against stored UTC moments. Offsets come from the runtime's
 * own zone database through Intl, as every date library's zone support does
 * (docs/decisions.md, "One time-zone arithmetic").
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter costs far more than using one; an unknown zone throws a RangeError. */
const formatterFor = (zone: string) => {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
};

/** Offsets by quarter hour: every zone changes its offset on a quarter hour. */
const offsets = new Map<string, number>();
const QUARTER = 15 * 60_000;

/** How far the zone's wall clock is ahead of UTC at the moment `at` (ms since the epoch), in ms. */
const offsetMs = (at: number, zone: string): number => {
  // Intl's formatToParts costs microseconds a call; a scheduler pass formats thousands.
  const key = `${zone}|${Math.floor(at / QUARTER)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts = formatterFor(zone).formatToParts(new Date(at));
    const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
    const wall = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    offset = wall - Math.floor(at / 1000) * 1000;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
};

const pad = (n: number) => String(n).padStart(2, '0');
const toMs = (moment: Date | string | number) =>
  typeof moment === 'number' ? moment : typeof moment === 'string' ? Date.parse(moment) : moment.getTime();

/** The zone's offset from UTC at `at`, in minutes (Moscow: 180); null for a zone the runtime does not know. */
export const utcOffsetMinutes = (zone: string, at: Date = new Date()): number | null => {
  try {
    return Math.round(offsetMs(at.getTime(), zone) / 60_000);
  } catch {
    return null;
  }
};

/** The wall clock of `zone` at a moment: 'YYYY-MM-DD' and 'HH:mm' (24 h). */
export const zonedParts = (moment: Date | string | number, zone: string): { date: string; time: string } => {
  const at = toMs(moment);
  const wall = new Date(at + offsetMs(at, zone));
  return {
    date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
};

/** The day 'YYYY-MM-DD' of the zone that this moment falls on. */
export const dayOf = (moment: Date | string | number, zone: string) => zonedParts(moment, zone).date;

/** Today in the zone, 'YYYY-MM-DD'. */
export const todayInZone = (zone: string, now: Date = new Date()) => dayOf(now, zone);

/** A moment as the history and the notices read it in the zone: 'DD.MM.YYYY HH:mm'. */
export const formatMoment = (moment: Date | string | number, zone: string): string => {
  const { date, time } = zonedParts(moment, zone);
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y} ${time}`;
};

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
 * The moment the zone's wall clock shows `date` (and `time`, midnight by default). In a
 * spring-forward gap the time is read with the offset before the change.
 */
export const zonedToUtc = (date: string, zone: string, time = '00:00'): Date => {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offset at the wall time read as UTC, then corrected once by the offset at the result
  // (they differ on the day of an offset change).
  const first = wall - offsetMs(wall, zone);
  return new Date(wall - offsetMs(first, zone));
};

/** As zonedToUtc, an ISO UTC string without milliseconds ('…Z'); null when date or time is not valid. */
export const zonedToUtcIso = (date: string, time: string, zone: string): string | null =>
  isDate(date) && isTime(time)
    ? zonedToUtc(date, zone, time)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
    : null;

/** The day `days` after 'YYYY-MM-DD' (calendar arithmetic, no zone involved). */
export const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** The first moment of the day 'YYYY-MM-DD' in the zone (also across an offset change). */
export const startOfDay = (date: string, zone: string): Date => zonedToUtc(date, zone);

/** The first moment after the day 'YYYY-MM-DD' in the zone (the end, exclusive). */
export const endOfDay = (date: string, zone: string): Date => zonedToUtc(addDays(date, 1), zone);
