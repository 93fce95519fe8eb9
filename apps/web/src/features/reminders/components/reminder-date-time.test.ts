import { describe, expect, it } from 'vitest';
import { REMINDER_IN_PAST, REQUIRED } from '@crm/contract';
import { checkDateTime, completeTime, maskTime, minTimeOn, WRONG_TIME } from './reminder-date-time';

// 2026-11-24 10:20 in Moscow.
const now = new Date('2026-11-24T07:20:30Z');
const zone = 'Europe/Moscow';

describe('the 24 h time box', () => {
  it('keeps digits and puts the colon in', () => {
    expect(maskTime('1')).toBe('1');
    expect(maskTime('14')).toBe('14');
    expect(maskTime('143')).toBe('14:3');
    expect(maskTime('1430')).toBe('14:30');
    expect(maskTime('14:305')).toBe('14:30');
    expect(maskTime('14.30')).toBe('14:30');
    expect(maskTime('ab9:')).toBe('09:');
    expect(maskTime('9:3')).toBe('09:3');
    expect(maskTime('14:')).toBe('14:');
  });

  it('completes a short time on leaving', () => {
    expect(completeTime('9')).toBe('09:00');
    expect(completeTime('930')).toBe('09:30');
    expect(completeTime('12:3')).toBe('12:30');
    expect(completeTime('14:30')).toBe('14:30');
    expect(completeTime('')).toBe('');
  });
});

describe('a day and a time in the future', () => {
  it('requires both', () => {
    expect(checkDateTime('', '', zone, now)).toEqual({ dateError: REQUIRED, timeError: REQUIRED });
    expect(checkDateTime('2026-11-25', '', zone, now)).toEqual({ timeError: REQUIRED });
  });

  it('refuses a bad time, a past day and a past minute of today', () => {
    expect(checkDateTime('2026-11-25', '25:00', zone, now).timeError).toBe(WRONG_TIME);
    expect(checkDateTime('2026-11-23', '12:00', zone, now).dateError).toBe(REMINDER_IN_PAST);
    expect(checkDateTime('2026-11-24', '10:20', zone, now).timeError).toBe(REMINDER_IN_PAST);
    expect(checkDateTime('2026-11-24', '10:21', zone, now)).toEqual({ iso: '2026-11-24T07:21:00Z' });
  });

  it('says the earliest time of the day', () => {
    expect(minTimeOn('2026-11-24', zone, now)).toBe('10:21');
    expect(minTimeOn('2026-11-25', zone, now)).toBe('00:00');
  });
});
