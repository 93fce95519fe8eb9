import { todayInZone, zonedParts } from '@crm/contract';
import { formatDay } from '@/lib/zoned-time';

const DAY_MS = 86_400_000;

const yesterdayIn = (zone: string, now: Date) => todayInZone(zone, new Date(now.getTime() - DAY_MS));

/** A conversation's latest message in the list: 'HH:mm' today, 'вчера', else '22.11' (with the year when not this one). */
export const listTime = (iso: string, zone: string, now: Date = new Date()): string => {
  const { date, time } = zonedParts(iso, zone);
  if (date === todayInZone(zone, now)) return time;
  if (date === yesterdayIn(zone, now)) return 'вчера';
  const [year, month, day] = date.split('-');
  return year === todayInZone(zone, now).slice(0, 4) ? `${day}.${month}` : `${day}.${month}.${year}`;
};

/** The day separator between messages: 'Сегодня', 'Вчера' or '22 ноября 2026'. */
export const dayLabel = (date: string, zone: string, now: Date = new Date()): string => {
  if (date === todayInZone(zone, now)) return 'Сегодня';
  if (date === yesterdayIn(zone, now)) return 'Вчера';
  return formatDay(date);
};
