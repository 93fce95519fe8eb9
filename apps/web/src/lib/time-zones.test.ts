import { describe, expect, it } from 'vitest';
import { formatUtcOffset, timeInZone, timeZoneLabel, timeZoneOptions } from './time-zones';

const winter = new Date(Date.UTC(2026, 0, 15, 12));

describe('time zones', () => {
  it('labels zones by their city in Russian, as "Москва (UTC+3)", never by the IANA name', () => {
    expect(formatUtcOffset(0)).toBe('UTC+0');
    expect(formatUtcOffset(-210)).toBe('UTC-3:30');
    expect(timeZoneLabel('Europe/Moscow', winter)).toBe('Москва (UTC+3)');
    expect(timeZoneLabel('Asia/Yekaterinburg', winter)).toBe('Екатеринбург (UTC+5)');
    expect(timeZoneLabel('Asia/Kathmandu', winter)).toBe('Катманду (UTC+5:45)');
    expect(timeZoneLabel('UTC', winter)).toBe('Всемирное время (UTC+0)');
    // A zone outside the list: its IANA city.
    expect(timeZoneLabel('Asia/Ho_Chi_Minh', winter)).toBe('Ho Chi Minh (UTC+7)');
    expect(timeZoneLabel('No/Such_Zone', winter)).toBe('No/Such_Zone');
  });

  it('offers the named zones west to east, one per city, and keeps the current zone', () => {
    const options = timeZoneOptions('Asia/Ho_Chi_Minh', winter);
    expect(options[0]).toMatchObject({ value: 'America/Los_Angeles', label: 'Лос-Анджелес (UTC-8)' });
    const labels = options.map((o) => o.label);
    expect(labels).toContain('Москва (UTC+3)');
    expect(labels).toContain('Ho Chi Minh (UTC+7)');
    expect(new Set(labels).size).toBe(labels.length);
    for (const o of options) expect(o.label, o.value).not.toContain('/');
    const offsets = options.map((o) => o.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('tells the time of day in a zone', () => {
    expect(timeInZone('Europe/Moscow', winter)).toBe('15:00');
    expect(timeInZone('Asia/Kathmandu', winter)).toBe('17:45');
    expect(timeInZone('No/Such_Zone', winter)).toBeNull();
  });
});
