import { describe, expect, it } from 'vitest';
import { formatBucket, formatDuration, formatPercent, formatProgress } from './statistics-format';

const s = (text: string) => text.replace(/\u00a0/g, ' ').replace(/\u2009/g, ' ');

describe('statistics formats', () => {
  it('writes durations in the two largest units', () => {
    expect(formatDuration(null)).toBe('—');
    expect(s(formatDuration(20))).toBe('меньше минуты');
    expect(s(formatDuration(25 * 60))).toBe('25 мин');
    expect(s(formatDuration(3 * 3600))).toBe('3 ч');
    expect(s(formatDuration(3 * 3600 + 20 * 60 + 10))).toBe('3 ч 20 мин');
    expect(s(formatDuration(2 * 86400 + 4 * 3600 + 59))).toBe('2 дн 4 ч');
    expect(s(formatDuration(5 * 86400))).toBe('5 дн');
    expect(s(formatDuration(1500 * 86400))).toBe('1 500 дн');
  });

  it('writes shares as whole percents', () => {
    expect(formatPercent(null)).toBe('—');
    expect(s(formatPercent(0.456))).toBe('46 %');
    expect(s(formatPercent(1.5))).toBe('150 %');
    expect(s(formatPercent(0))).toBe('0 %');
  });

  it('names days and months', () => {
    expect(formatBucket('2026-11-23')).toBe('пн, 23.11');
    expect(formatBucket('2026-11')).toBe('ноябрь 2026');
  });

  it('says when no goal is set', () => {
    expect(s(formatProgress(3, 5))).toBe('3 из 5');
    expect(s(formatProgress(1200, 2000))).toBe('1 200 из 2 000');
    expect(formatProgress(4, 0)).toBe('Цель не задана');
  });
});
