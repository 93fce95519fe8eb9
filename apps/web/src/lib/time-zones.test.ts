import { describe, expect, it } from 'vitest';
import { formatUtcOffset, timeInZone, timeZoneLabel, timeZoneOptions, utcOffsetMinutes } from './time-zones';

const winter = new Date(Date.UTC(2026, 0, 15, 12));
const summer = new Date(Date.UTC(2026, 6, 15, 12));

describe('time zones', () => {
  it('reads the offset of a zone, daylight saving included', () => {
    expect(utcOffsetMinutes('Europe/Moscow', winter)).toBe(180);
    expect(utcOffsetMinutes('Europe/Berlin', winter)).toBe(60);
    expect(utcOffsetMinutes('Europe/Berlin', summer)).toBe(120);
    expect(utcOffsetMinutes('Asia/Kathmandu', winter)).toBe(345);
    expect(utcOffsetMinutes('America/St_Johns', winter)).toBe(-210);
    expect(utcOffsetMinutes('No/Such_Zone', winter)).toBeNull();
  });

  it('labels zones by their place in Russian, as "Москва (UTC+3)", never by the IANA name', () => {
    expect(formatUtcOffset(0)).toBe('UTC+0');
    expect(formatUtcOffset(-210)).toBe('UTC-3:30');
    expect(timeZoneLabel('Europe/Moscow', winter)).toBe('Москва (UTC+3)');
    expect(timeZoneLabel('Asia/Yekaterinburg', winter)).toBe('Екатеринбург (UTC+5)');
    expect(timeZoneLabel('Asia/Novosibirsk', winter)).toBe('Новосибирск (UTC+7)');
    expect(timeZoneLabel('Asia/Kathmandu', winter)).toBe('Непал (UTC+5:45)');
    expect(timeZoneLabel('UTC', winter)).toBe('UTC+0');
    expect(timeZoneLabel('No/Such_Zone', winter)).toBe('No/Such_Zone');
  });

  it('names the city where two zones would read alike', () => {
    const options = timeZoneOptions(undefined, winter, ['Europe/Berlin', 'Europe/Busingen', 'Europe/Paris']);
    const labels = options.map((o) => o.label);
    expect(new Set(labels).size).toBe(3);
    expect(labels).toContain('Франция (UTC+1)');
    for (const label of labels) expect(label).not.toMatch(/Europe\//);
  });

  it('orders options west to east, keeps the current zone and drops unknown ones', () => {
    const options = timeZoneOptions('Europe/Moscow', winter, ['Asia/Tokyo', 'America/New_York', 'Bad/Zone']);
    expect(options.map((o) => [o.value, o.label])).toEqual([
      ['America/New_York', 'Нью-Йорк (UTC-5)'],
      ['Europe/Moscow', 'Москва (UTC+3)'],
      ['Asia/Tokyo', 'Япония (UTC+9)'],
    ]);
  });

  it('tells the time of day in a zone', () => {
    expect(timeInZone('Europe/Moscow', winter)).toBe('15:00');
    expect(timeInZone('Asia/Kathmandu', winter)).toBe('17:45');
    expect(timeInZone('No/Such_Zone', winter)).toBeNull();
  });
});
