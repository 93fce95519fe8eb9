import { utcOffsetMinutes } from '@crm/contract';
import { TIME_ZONE_NAMES } from './time-zone-names';

/** A time zone choice: the IANA name the server stores and a label such as 'Москва (UTC+3)'. */
export type TimeZoneOption = { value: string; label: string; offsetMinutes: number };

/** 'UTC+3', 'UTC-3:30', 'UTC+5:45', 'UTC+0'. */
export const formatUtcOffset = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
};

/** The zone's city in Russian; a zone outside the list, by its IANA city ('Asia/Ho_Chi_Minh': 'Ho Chi Minh'). */
const placeName = (timeZone: string): string =>
  TIME_ZONE_NAMES[timeZone] ?? timeZone.split('/').at(-1)!.replace(/_/g, ' ');

/** 'Москва (UTC+3)'; the IANA name where the zone is unknown. */
export const timeZoneLabel = (timeZone: string, at: Date = new Date()): string => {
  const offset = utcOffsetMinutes(timeZone, at);
  return offset === null ? timeZone : `${placeName(timeZone)} (${formatUtcOffset(offset)})`;
};

/**
 * The options of the time zone select: the named zones (TIME_ZONE_NAMES, one per city) ordered
 * west to east and then by name, so a person finds his city next to those with the same offset.
 * `current` is kept even when it is not among them.
 */
export const timeZoneOptions = (current?: string, at: Date = new Date()): TimeZoneOption[] => {
  const names = new Set(Object.keys(TIME_ZONE_NAMES).filter((zone) => zone !== 'Europe/Kiev'));
  if (current) names.add(current);
  return [...names]
    .map((value) => {
      const offsetMinutes = utcOffsetMinutes(value, at);
      return offsetMinutes === null ? null : { value, offsetMinutes, label: timeZoneLabel(value, at) };
    })
    .filter((o): o is TimeZoneOption => o !== null)
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.label.localeCompare(b.label, 'ru'));
};

/** The time of day in a zone, 'HH:mm' (24-hour), e.g. to show what a chosen zone means now. */
export const timeInZone = (timeZone: string, at: Date = new Date()): string | null => {
  try {
    return new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  } catch {
    return null;
  }
};
