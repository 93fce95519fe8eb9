import { describe, expect, it } from 'vitest';
import { REMINDER_IN_PAST, REQUIRED } from '@crm/contract';
import { WRONG_TIME } from './reminder-date-time';
import { rescheduleFormSchema } from './reminder-reschedule-form';

// 2026-11-24 10:20 in Moscow.
const now = new Date('2026-11-24T07:20:30Z');
const schema = rescheduleFormSchema('Europe/Moscow', now);

/** Each refused field's first message, as the form shows them. */
const messages = (values: { date: string; time: string }) => {
  const found: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? [])
    found[issue.path.join('.')] ??= issue.message;
  return found;
};

describe('the reschedule form', () => {
  it('sends the day and time as the moment in UTC', () => {
    expect(schema.parse({ date: '2026-11-25', time: '14:30' })).toEqual({
      completion_date: '2026-11-25T11:30:00Z',
    });
  });

  it('says what is missing or wrong under the day and the time', () => {
    expect(messages({ date: '', time: '' })).toEqual({ date: REQUIRED, time: REQUIRED });
    expect(messages({ date: '2026-11-25', time: '25:00' })).toEqual({ time: WRONG_TIME });
    expect(messages({ date: '2026-11-23', time: '12:00' })).toEqual({ date: REMINDER_IN_PAST });
    // Today, at a minute already past.
    expect(messages({ date: '2026-11-24', time: '10:20' })).toEqual({ time: REMINDER_IN_PAST });
  });
});
