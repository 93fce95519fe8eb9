import {
  REMINDER_IN_PAST,
  REQUIRED,
  isDate,
  isTime,
  todayInZone,
  zonedParts,
  zonedToUtcIso,
} from '@crm/contract';
import type { RefinementCtx } from 'zod';

export type DateTimeCheck = {
  dateError?: string;
  timeError?: string;
  /** The chosen moment as ISO UTC, when the date and time are valid and in the future. */
  iso?: string;
};

export const WRONG_DATE = 'Введите дату';
export const WRONG_TIME = 'Введите время в формате ЧЧ:ММ';

/**
 * Checks a day and a 24 h time of the project's zone: both required ('Обязательное поле'), the day
 * not before today, the moment in the future (today: later than the current minute).
 */
export const checkDateTime = (
  date: string,
  time: string,
  zone: string,
  now: Date = new Date(),
): DateTimeCheck => {
  const out: DateTimeCheck = {};
  if (date.trim() === '') out.dateError = REQUIRED;
  else if (!isDate(date)) out.dateError = WRONG_DATE;
  else if (date < todayInZone(zone, now)) out.dateError = REMINDER_IN_PAST;
  if (time.trim() === '') out.timeError = REQUIRED;
  else if (!isTime(time)) out.timeError = WRONG_TIME;
  if (out.dateError || out.timeError) return out;
  const iso = zonedToUtcIso(date, time, zone);
  if (iso === null) return { dateError: WRONG_DATE };
  if (Date.parse(iso) <= now.getTime()) return { timeError: REMINDER_IN_PAST };
  return { iso };
};

/** A form schema's refinement: `checkDateTime`'s messages under the form's `date` and `time` fields. */
export const refuseDateTime = (check: DateTimeCheck, ctx: RefinementCtx) => {
  if (check.dateError) ctx.addIssue({ code: 'custom', path: ['date'], message: check.dateError });
  if (check.timeError) ctx.addIssue({ code: 'custom', path: ['time'], message: check.timeError });
};

/** The earliest time the time box accepts on `date`: the next minute today, else 00:00. */
export const minTimeOn = (date: string, zone: string, now: Date = new Date()): string => {
  if (date !== todayInZone(zone, now)) return '00:00';
  return zonedParts(now.getTime() + 60_000, zone).time;
};

/**
 * What the 24 h time box keeps of what was typed: digits only, a colon after the hours; '9:3' and
 * '930' read as 09:30 on blur (see `completeTime`).
 */
export const maskTime = (typed: string): string => {
  const trimmed = typed.replace(/[^\d:]/g, '');
  // '9:' → '09:' so a single-digit hour can be typed with its colon.
  const single = /^(\d):(\d{0,2})$/.exec(trimmed);
  if (single) return `0${single[1]}:${single[2]}`;
  const digits = trimmed.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return trimmed.endsWith(':') && digits.length === 2 ? `${digits}:` : digits;
  return `${digits.slice(0, 2)}:${digits.slice(2)}`;
};

/** On leaving the time box: '9' → '09:00', '930' → '09:30', '1230' → '12:30', '12:3' → '12:30'. */
export const completeTime = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  if (digits === '') return '';
  let hh: string;
  let mm: string;
  if (value.includes(':')) {
    const [h = '', m = ''] = value.split(':');
    hh = h.padStart(2, '0');
    mm = m.padEnd(2, '0');
  } else if (digits.length <= 2) {
    hh = digits.padStart(2, '0');
    mm = '00';
  } else if (digits.length === 3) {
    hh = `0${digits[0]}`;
    mm = digits.slice(1);
  } else {
    hh = digits.slice(0, 2);
    mm = digits.slice(2, 4);
  }
  return `${hh}:${mm}`;
};
