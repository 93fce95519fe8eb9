import { describe, expect, it } from 'vitest';
import { addDays, dayOf, endOfDay, formatMoment, startOfDay } from './project-days.js';

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

describe('project days', () => {
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
});
