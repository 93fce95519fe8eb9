/**
 * A moment read in the project's time zone (the calendar and 'today' are the project's days,
 * docs/product.md §5.1), with Intl alone.
 */
const partsIn = (at: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
};

/** The project's day of a moment, YYYY-MM-DD (the calendar link's `date`). */
export const dayInZone = (iso: string, timeZone: string): string => partsIn(new Date(iso), timeZone).day;

const RU_MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

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
  return `${Number(day)} ${RU_MONTHS[Number(month) - 1]}${sameYear ? '' : ` ${year}`}, ${at.time}`;
};
