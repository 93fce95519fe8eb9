import { describe, expect, it } from 'vitest';
import { remindBeforeText, scheduleText, toRemindBefore, toScheduleFor } from './scenario-format';

describe('scenario card texts', () => {
  it('says the hours in good Russian', () => {
    expect(scheduleText(3600)).toBe('Через 1 час');
    expect(scheduleText(24 * 3600)).toBe('Через 24 часа');
    expect(scheduleText(5 * 3600)).toBe('Через 5 часов');
    expect(scheduleText(11 * 3600)).toBe('Через 11 часов');
    expect(scheduleText(21 * 3600)).toBe('Через 21 час');
    expect(scheduleText(5400)).toBe('Через 1,5 часа');
    expect(scheduleText(0)).toBe('Сразу после события');
  });

  it('says the minutes in good Russian', () => {
    expect(remindBeforeText(60)).toBe('Напомнить за 1 минуту');
    expect(remindBeforeText(30 * 60)).toBe('Напомнить за 30 минут');
    expect(remindBeforeText(22 * 60)).toBe('Напомнить за 22 минуты');
    expect(remindBeforeText(0)).toBe('Напомнить в срок');
  });

  it('stores hours and minutes in seconds', () => {
    expect(toScheduleFor('24')).toBe(86_400);
    expect(toRemindBefore('15')).toBe(900);
  });
});
