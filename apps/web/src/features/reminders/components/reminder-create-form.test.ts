import { describe, expect, it, vi } from 'vitest';
import { REMIND_BEFORE_PASSED, REQUIRED } from '@crm/contract';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors, listErrors } from '@/lib/form-errors';
import {
  REMINDER_CREATE_RENAMED,
  reminderCreateBodyOf,
  reminderCreateFields,
  reminderCreateSchema,
  type ReminderCreateValues,
} from './reminder-create-form';

const now = new Date('2026-11-24T07:20:00Z');
const zone = 'Europe/Moscow';
const schema = reminderCreateSchema(zone, now);
const filled: ReminderCreateValues = {
  client: 7,
  title: '  Позвонить  ',
  date: '2026-11-25',
  time: '14:30',
  remind_before: '30',
  tasks: ['Первый'],
  comments: ['Коммент'],
  description: '',
};

/** Each refused field's first message, as the form shows them. */
const messages = (values: ReminderCreateValues) => {
  const found: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? [])
    found[issue.path.join('.')] ??= issue.message;
  return found;
};

describe('the create form', () => {
  it('says every required field at once', () => {
    expect(messages({ ...filled, client: null, title: ' ', date: '', time: '' })).toEqual({
      client: REQUIRED,
      title: REQUIRED,
      date: REQUIRED,
      time: REQUIRED,
    });
    expect(messages(filled)).toEqual({});
  });

  it('builds the body with the moment in UTC and minutes as a number', () => {
    expect(reminderCreateBodyOf(schema.parse(filled), zone)).toEqual({
      title: 'Позвонить',
      completion_date: '2026-11-25T11:30:00Z',
      remind_before: 30,
      tasks: ['Первый'],
      comments: ['Коммент'],
      description: '',
    });
    expect(schema.parse({ ...filled, remind_before: '' }).remind_before).toBeNull();
  });

  it('refuses a notification already past, whatever else is missing', () => {
    const soon = { ...filled, title: '', date: '2026-11-24', time: '10:40', remind_before: '30' };
    expect(messages(soon)).toEqual({ title: REQUIRED, remind_before: REMIND_BEFORE_PASSED });
  });

  it('puts the server errors under their fields, an item’s under the item', () => {
    const setError = vi.fn();
    const error = new ApiError(422, 'Проверьте поля', {
      title: ['Не более 255 символов'],
      completion_date: ['Дата и время должны быть в будущем'],
      'tasks.1': ['Такой пункт уже есть в чек-листе'],
      remind_before: ['Введите целое число минут'],
    });
    const fields = reminderCreateFields({ tasks: ['Первый', 'Второй'], comments: [] });
    applyServerErrors<ReminderCreateValues>(error, setError, fields, REMINDER_CREATE_RENAMED);
    expect(Object.fromEntries(setError.mock.calls.map(([field, { message }]) => [field, message]))).toEqual({
      title: 'Не более 255 символов',
      time: 'Дата и время должны быть в будущем',
      'tasks.1': 'Такой пункт уже есть в чек-листе',
      remind_before: 'Введите целое число минут',
    });
  });

  it('shows a list’s own message above it and an item’s under the item', () => {
    expect(listErrors({ message: 'Не более 20 задач' })).toEqual({ list: 'Не более 20 задач' });
    expect(listErrors([undefined, { message: 'Такой пункт уже есть' }])).toEqual({
      items: { 1: 'Такой пункт уже есть' },
    });
    expect(listErrors(undefined)).toEqual({ list: undefined });
  });
});
