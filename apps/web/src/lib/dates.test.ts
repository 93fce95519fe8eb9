import { describe, expect, it } from 'vitest';
import { formatLongDate, formatTime, msUntilNextMinute } from './dates';

describe('dates', () => {
  it('formats dates in Russian and time as 24-hour HH:mm', () => {
    const at = new Date(2026, 10, 22, 9, 5, 30);
    expect(formatLongDate(at)).toBe('22 ноября 2026');
    expect(formatTime(at)).toBe('09:05');
  });

  it('counts the time left until the next minute', () => {
    expect(msUntilNextMinute(new Date(2026, 0, 1, 10, 0, 45, 500))).toBe(14_500);
    expect(msUntilNextMinute(new Date(2026, 0, 1, 10, 0, 0, 0))).toBe(60_000);
  });
});
