import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDue,
  formatMinutes,
  formatShortDay,
  isDate,
  isTime,
  todayInZone,
  zonedParts,
  zonedToUtcIso,
} from '@/lib/zoned-time';

describe('reminder time in the project zone', () => {
  it('reads a UTC moment as the zone wall clock', () => {
    expect(zonedParts('2026-11-22T21:30:00Z', 'Europe/Moscow')).toEqual({
      date: '2026-11-23',
      time: '00:30',
    });
    expect(zonedParts('2026-11-22T21:30:00Z', 'America/New_York')).toEqual({
      date: '2026-11-22',
      time: '16:30',
    });
  });

  it('sends the zone wall clock as UTC', () => {
    expect(zonedToUtcIso('2026-11-23', '00:30', 'Europe/Moscow')).toBe('2026-11-22T21:30:00Z');
    expect(zonedToUtcIso('2026-07-01', '12:00', 'Europe/Berlin')).toBe('2026-07-01T10:00:00Z');
    expect(zonedToUtcIso('2026-01-01', '12:00', 'Europe/Berlin')).toBe('2026-01-01T11:00:00Z');
    expect(zonedToUtcIso('2026-02-30', '12:00', 'UTC')).toBeNull();
    expect(zonedToUtcIso('2026-02-10', '24:00', 'UTC')).toBeNull();
  });

  it('round-trips across a DST change', () => {
    const iso = zonedToUtcIso('2026-03-29', '03:30', 'Europe/Berlin');
    expect(iso).toBe('2026-03-29T01:30:00Z');
    expect(zonedParts(iso!, 'Europe/Berlin')).toEqual({ date: '2026-03-29', time: '03:30' });
  });

  it('validates days and times', () => {
    expect(isTime('09:05')).toBe(true);
    expect(isTime('9:05')).toBe(false);
    expect(isTime('23:60')).toBe(false);
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2025-02-29')).toBe(false);
  });

  it('says the day in Russian', () => {
    expect(formatDay('2026-11-22')).toBe('22 ноября 2026');
    expect(formatShortDay('2026-11-23')).toBe('пн, 23.11');
    const now = new Date('2026-11-22T10:00:00Z');
    expect(formatDue('2026-11-22T11:30:00Z', 'Europe/Moscow', now)).toBe('Сегодня, 14:30');
    expect(formatDue('2026-11-23T06:00:00Z', 'Europe/Moscow', now)).toBe('Завтра, 09:00');
    expect(formatDue('2026-11-30T06:00:00Z', 'Europe/Moscow', now)).toBe('30 ноября 2026, 09:00');
    expect(todayInZone('Asia/Tokyo', new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
  });

  it('says minutes as people read them', () => {
    expect(formatMinutes(15)).toBe('15 минут');
    expect(formatMinutes(1)).toBe('1 минута');
    expect(formatMinutes(60)).toBe('1 час');
    expect(formatMinutes(90)).toBe('1 ч 30 мин');
    expect(formatMinutes(2880)).toBe('2 дня');
  });
});
