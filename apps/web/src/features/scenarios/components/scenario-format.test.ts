import { describe, expect, it } from 'vitest';
import {
  remindBeforeText,
  scheduleText,
  skippedByAutoMove,
  toRemindBefore,
  toScheduleFor,
} from './scenario-format';

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

describe('a scenario its stage skips', () => {
  const stage = { name: 'Новые заявки', duration: 3600, next_category_id: 7 };
  it('warns when clients leave the stage by themselves before the reminder is due', () => {
    expect(skippedByAutoMove(stage, 'Первый контакт', 3 * 3600)).toBe(
      'Клиенты сами уходят из «Новые заявки» в «Первый контакт» через 1 час, не дождавшись срока этого ' +
        'напоминания: оно всегда будет пропущено. Сократите срок или увеличьте время в категории.',
    );
    // Due the moment they leave: the move comes first.
    expect(skippedByAutoMove(stage, 'Первый контакт', 3600)).not.toBeNull();
  });

  it('says nothing when the reminder comes first, or the stage keeps its clients', () => {
    expect(skippedByAutoMove(stage, 'Первый контакт', 1800)).toBeNull();
    expect(skippedByAutoMove({ ...stage, next_category_id: null }, undefined, 3 * 3600)).toBeNull();
    expect(skippedByAutoMove({ ...stage, duration: 0 }, 'Первый контакт', 3 * 3600)).toBeNull();
    expect(skippedByAutoMove(undefined, undefined, 3 * 3600)).toBeNull();
  });
});
