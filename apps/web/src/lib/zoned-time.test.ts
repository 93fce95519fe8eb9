import { todayInZone } from '@crm/contract';
import { describe, expect, it } from 'vitest';
import { formatDay, formatDue, formatMinutes, formatShortDay } from '@/lib/zoned-time';

describe('days, moments and durations in Russian', () => {
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
