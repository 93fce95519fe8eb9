import { describe, expect, it } from 'vitest';
import { dayInZone, notificationTime } from './notification-time';

describe('notification time', () => {
  const now = new Date('2026-11-23T20:30:00Z'); // 23:30 in Moscow, 05:30 next day in Tokyo

  it('reads the day in the project zone', () => {
    expect(dayInZone('2026-11-23T22:00:00Z', 'Europe/Moscow')).toBe('2026-11-24');
    expect(dayInZone('2026-11-23T22:00:00Z', 'UTC')).toBe('2026-11-23');
  });

  it('shows the time today, "вчера" yesterday, the date before', () => {
    expect(notificationTime('2026-11-23T06:05:00Z', 'Europe/Moscow', now)).toBe('09:05');
    expect(notificationTime('2026-11-22T06:05:00Z', 'Europe/Moscow', now)).toBe('вчера, 09:05');
    expect(notificationTime('2026-11-20T06:05:00Z', 'Europe/Moscow', now)).toBe('20 ноября, 09:05');
    expect(notificationTime('2025-12-31T06:05:00Z', 'Europe/Moscow', now)).toBe('31 декабря 2025, 09:05');
  });

  it('counts today in the project zone, not in UTC', () => {
    // 23:30 Moscow on the 23rd is the 24th in Tokyo: 21:00 UTC on the 23rd is 06:00 there, today.
    expect(notificationTime('2026-11-23T21:00:00Z', 'Asia/Tokyo', now)).toBe('06:00');
  });
});
