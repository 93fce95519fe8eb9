import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOf,
  endOfDay,
  formatMoment,
  isDate,
  isTime,
  startOfDay,
  utcOffsetMinutes,
  zonedParts,
  zonedToUtcIso,
} from './zoned-time.js';

/** What Intl says, the slow way: the reference formatMoment must agree with. */
const reference = (at: Date, timeZone: string) => {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
};

describe('zoned time', () => {
  it('formats moments in the zone as Intl does, across offset changes and half-hour zones', () => {
    const zones = [
      'Europe/Moscow',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'UTC',
    ];
    // Around New York's and Lord Howe's changes, minute by minute and then sparsely over a year.
    const moments: Date[] = [];
    for (let m = -90; m <= 90; m += 1)
      moments.push(new Date(Date.parse('2026-03-08T07:00:00Z') + m * 60_000));
    for (let m = -90; m <= 90; m += 1)
      moments.push(new Date(Date.parse('2026-04-04T15:00:00Z') + m * 60_000));
    for (let d = 0; d < 365; d += 3)
      moments.push(new Date(Date.parse('2026-01-01T00:07:00Z') + d * 86_400_000 + d * 3_600_000));
    for (const zone of zones) {
      for (const at of moments)
        expect(formatMoment(at, zone), `${zone} ${at.toISOString()}`).toBe(reference(at, zone));
    }
    expect(formatMoment('2026-07-01T12:30:00Z', 'Europe/Moscow')).toBe('01.07.2026 15:30');
  });

  it('knows the days of a zone', () => {
    expect(dayOf(new Date('2026-06-30T21:00:00Z'), 'Europe/Moscow')).toBe('2026-07-01');
    expect(startOfDay('2026-07-01', 'Europe/Moscow').toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(endOfDay('2026-03-07', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(endOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(addDays('2026-12-30', 42)).toBe('2027-02-10');
  });
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

  it('reads the offset of a zone, daylight saving included', () => {
    const winter = new Date(Date.UTC(2026, 0, 15, 12));
    const summer = new Date(Date.UTC(2026, 6, 15, 12));
    expect(utcOffsetMinutes('Europe/Moscow', winter)).toBe(180);
    expect(utcOffsetMinutes('Europe/Berlin', winter)).toBe(60);
    expect(utcOffsetMinutes('Europe/Berlin', summer)).toBe(120);
    expect(utcOffsetMinutes('Asia/Kathmandu', winter)).toBe(345);
    expect(utcOffsetMinutes('America/St_Johns', winter)).toBe(-210);
    expect(utcOffsetMinutes('No/Such_Zone', winter)).toBeNull();
  });
});
