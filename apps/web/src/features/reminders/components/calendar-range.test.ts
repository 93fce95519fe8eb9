import { describe, expect, it } from 'vitest';
import {
  eventBlockOf,
  isDay,
  mondayOf,
  normalizeDate,
  periodContains,
  rangeStart,
  readCalendarState,
  shiftPeriod,
  floatingOf,
  wallTimeOf,
} from './calendar-range';

describe('calendar range', () => {
  it('knows real days', () => {
    expect(isDay('2026-11-23')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('23.11.2026')).toBe(false);
    expect(isDay(null)).toBe(false);
  });

  it('starts weeks on Monday', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
  });

  it('names a period by its first day', () => {
    expect(normalizeDate('day', '2026-11-25')).toBe('2026-11-25');
    expect(normalizeDate('week', '2026-11-25')).toBe('2026-11-23');
    expect(normalizeDate('month', '2026-11-25')).toBe('2026-11-01');
  });

  it('asks for the first visible day: a month view starts on the Monday of the week of the 1st', () => {
    expect(rangeStart({ period: 'week', date: '2026-11-26' })).toBe('2026-11-23');
    expect(rangeStart({ period: 'day', date: '2026-11-26' })).toBe('2026-11-26');
    expect(rangeStart({ period: 'month', date: '2026-11-26' })).toBe('2026-10-26');
    expect(rangeStart({ period: 'month', date: '2026-06-01' })).toBe('2026-06-01'); // 1 June 2026 is a Monday
  });

  it('moves by a period', () => {
    expect(shiftPeriod({ period: 'week', date: '2026-11-23' }, 1)).toEqual({
      period: 'week',
      date: '2026-11-30',
    });
    expect(shiftPeriod({ period: 'day', date: '2026-12-31' }, 1)).toEqual({
      period: 'day',
      date: '2027-01-01',
    });
    expect(shiftPeriod({ period: 'month', date: '2026-01-31' }, 1)).toEqual({
      period: 'month',
      date: '2026-02-01',
    });
    expect(shiftPeriod({ period: 'month', date: '2026-01-01' }, -1)).toEqual({
      period: 'month',
      date: '2025-12-01',
    });
  });

  it('reads the URL, falling back to the default on today', () => {
    const fallback = { period: 'week' as const, today: '2026-11-25' };
    expect(readCalendarState(new URLSearchParams(''), fallback)).toEqual({
      period: 'week',
      date: '2026-11-23',
    });
    expect(readCalendarState(new URLSearchParams('period=month&date=2026-12-17'), fallback)).toEqual({
      period: 'month',
      date: '2026-12-01',
    });
    expect(readCalendarState(new URLSearchParams('period=year&date=soon'), fallback)).toEqual({
      period: 'week',
      date: '2026-11-23',
    });
  });

  it('says whether a period holds a day', () => {
    expect(periodContains({ period: 'week', date: '2026-11-23' }, '2026-11-29')).toBe(true);
    expect(periodContains({ period: 'week', date: '2026-11-23' }, '2026-11-30')).toBe(false);
    expect(periodContains({ period: 'month', date: '2026-11-01' }, '2026-11-30')).toBe(true);
    expect(periodContains({ period: 'day', date: '2026-11-23' }, '2026-11-23')).toBe(true);
  });
});

describe('calendar wall times', () => {
  it('gives FullCalendar the project wall time of a UTC moment', () => {
    expect(wallTimeOf('2026-11-23T21:30:00Z', 'Europe/Moscow')).toBe('2026-11-24T00:30');
    expect(wallTimeOf('2026-11-23T21:30:00Z', 'America/New_York')).toBe('2026-11-23T16:30');
  });

  it('reads FullCalendar UTC-mode dates as wall times', () => {
    expect(floatingOf(new Date('2026-11-23T10:30:00Z'))).toBe('2026-11-23T10:30');
  });

  it('draws a reminder as a half-hour block on its own day, one slot high even near midnight', () => {
    expect(eventBlockOf('2026-11-24T10:00')).toEqual({ start: '2026-11-24T10:00', end: '2026-11-24T10:30' });
    expect(eventBlockOf('2026-11-24T23:30')).toEqual({ start: '2026-11-24T23:30', end: '2026-11-25T00:00' });
    expect(eventBlockOf('2026-11-24T23:57')).toEqual({ start: '2026-11-24T23:30', end: '2026-11-25T00:00' });
    expect(eventBlockOf('2026-12-31T23:50')).toEqual({ start: '2026-12-31T23:30', end: '2027-01-01T00:00' });
  });
});
