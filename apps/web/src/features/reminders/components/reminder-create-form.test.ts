import { describe, expect, it } from 'vitest';
import { REMIND_BEFORE_PASSED, REQUIRED } from '@crm/contract';
import { ApiError } from '@/lib/api-error';
import { checkCreate, serverCreateErrors, type CreateValues } from './reminder-create-form';

const now = new Date('2026-11-24T07:20:00Z');
const zone = 'Europe/Moscow';
const filled: CreateValues = {
  clientId: 7,
  title: '  Позвонить  ',
  date: '2026-11-25',
  time: '14:30',
  remindBefore: '30',
  tasks: ['Первый'],
  comments: ['Коммент'],
  description: '',
};

describe('the create form', () => {
  it('says every required field', () => {
    const { errors, body } = checkCreate(
      { ...filled, clientId: null, title: ' ', date: '', time: '' },
      zone,
      now,
    );
    expect(errors).toEqual({ client: REQUIRED, title: REQUIRED, date: REQUIRED, time: REQUIRED });
    expect(body).toBeUndefined();
  });

  it('builds the body with the moment in UTC and minutes as a number', () => {
    expect(checkCreate(filled, zone, now).body).toEqual({
      title: 'Позвонить',
      completion_date: '2026-11-25T11:30:00Z',
      remind_before: 30,
      tasks: ['Первый'],
      comments: ['Коммент'],
      description: '',
    });
    expect(checkCreate({ ...filled, remindBefore: '' }, zone, now).body?.remind_before).toBeNull();
  });

  it('refuses a notification already past', () => {
    const soon = { ...filled, date: '2026-11-24', time: '10:40', remindBefore: '30' };
    expect(checkCreate(soon, zone, now).errors.remindBefore).toBe(REMIND_BEFORE_PASSED);
  });

  it('puts the server errors under their fields', () => {
    const error = new ApiError(422, 'Проверьте поля', {
      title: ['Не более 255 символов'],
      completion_date: ['Дата и время должны быть в будущем'],
      'tasks.1': ['Такой пункт уже есть в чек-листе'],
      remind_before: ['Введите целое число минут'],
    });
    expect(serverCreateErrors(error)).toEqual({
      title: 'Не более 255 символов',
      time: 'Дата и время должны быть в будущем',
      taskItems: { 1: 'Такой пункт уже есть в чек-листе' },
      remindBefore: 'Введите целое число минут',
    });
    expect(serverCreateErrors(new ApiError(404, 'Клиент не найден'))).toBeNull();
  });
});
