import { describe, expect, it } from 'vitest';
import { dayLabel, listTime } from './chat-time';

const now = new Date('2026-11-24T10:00:00Z');
const zone = 'Europe/Moscow';

describe('listTime', () => {
  it('shows the time today, "вчера", a day this year and a day of another year', () => {
    expect(listTime('2026-11-24T06:05:00Z', zone, now)).toBe('09:05');
    expect(listTime('2026-11-23T12:00:00Z', zone, now)).toBe('вчера');
    expect(listTime('2026-03-02T12:00:00Z', zone, now)).toBe('02.03');
    expect(listTime('2025-12-31T12:00:00Z', zone, now)).toBe('31.12.2025');
  });

  it('counts days in the project zone, not in UTC', () => {
    // 22:30 UTC on the 23rd is already the 24th in Moscow.
    expect(listTime('2026-11-23T22:30:00Z', zone, now)).toBe('01:30');
  });
});

describe('dayLabel', () => {
  it('names today and yesterday, else the long date', () => {
    expect(dayLabel('2026-11-24', zone, now)).toBe('Сегодня');
    expect(dayLabel('2026-11-23', zone, now)).toBe('Вчера');
    expect(dayLabel('2026-11-02', zone, now)).toBe('2 ноября 2026');
  });
});
