import { describe, expect, it } from 'vitest';
import { periodRange, presetRange, readPeriod, writePeriod } from './statistics-period';

describe('statistics period', () => {
  it('counts presets in whole calendar units around today', () => {
    // 2026-11-24 is a Tuesday.
    expect(presetRange('today', '2026-11-24')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(presetRange('week', '2026-11-24')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('month', '2026-11-24')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('quarter', '2026-11-24')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('starts the week on Monday, also on a Sunday and a Monday', () => {
    expect(presetRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('week', '2026-12-30')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('knows the length of February and the first quarter', () => {
    expect(presetRange('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('quarter', '2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-03-31' });
    expect(presetRange('quarter', '2027-06-30')).toEqual({ from: '2027-04-01', to: '2027-06-30' });
  });

  it('reads the address, falling back to this month', () => {
    expect(readPeriod(new URLSearchParams(''))).toEqual({ preset: 'month' });
    expect(readPeriod(new URLSearchParams('period=nope'))).toEqual({ preset: 'month' });
    expect(readPeriod(new URLSearchParams('period=week&from=2026-01-01'))).toEqual({ preset: 'week' });
    expect(readPeriod(new URLSearchParams('period=custom&from=2026-01-01&to=2026-02-30'))).toEqual({
      preset: 'custom',
      from: '2026-01-01',
      to: '',
    });
  });

  it('asks for nothing while a custom day is missing', () => {
    expect(periodRange({ preset: 'custom', from: '2026-01-01', to: '' }, '2026-11-24')).toBeNull();
    expect(periodRange({ preset: 'custom', from: '2026-01-01', to: '2026-01-05' }, '2026-11-24')).toEqual({
      from: '2026-01-01',
      to: '2026-01-05',
    });
  });

  it('writes only what the preset uses', () => {
    const params = new URLSearchParams('manager=5&from=2026-01-01&to=2026-01-02');
    writePeriod(params, { preset: 'today' });
    expect(params.toString()).toBe('manager=5&period=today');
    writePeriod(params, { preset: 'custom', from: '2026-03-01', to: '' });
    expect(params.toString()).toBe('manager=5&period=custom&from=2026-03-01');
  });
});
