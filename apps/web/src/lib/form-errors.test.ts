import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { applyServerErrors, listMessage } from './form-errors';

type Values = { title: string; hours: string; tasks: string[] };

const refused = (errors: Record<string, string[]>) => new ApiError(422, 'Ошибка', errors);

describe('applyServerErrors', () => {
  it("puts each field's first message under it and leaves out fields the form does not have", () => {
    const setError = vi.fn();
    expect(
      applyServerErrors<Values>(refused({ title: ['Первое', 'Второе'], other: ['Нет'] }), setError, [
        'title',
      ]),
    ).toBe(true);
    expect(setError.mock.calls).toEqual([['title', { type: 'server', message: 'Первое' }]]);
  });

  it("puts an item's message under its list, once, and an API name under the form's", () => {
    const setError = vi.fn();
    applyServerErrors<Values>(
      refused({ 'tasks.2': ['Третий'], 'tasks.4': ['Пятый'], schedule_for: ['Часы'] }),
      setError,
      ['tasks', 'hours'],
      { schedule_for: 'hours' },
    );
    expect(setError.mock.calls).toEqual([
      ['tasks', { type: 'server', message: 'Третий' }],
      ['hours', { type: 'server', message: 'Часы' }],
    ]);
  });

  it('does nothing for another answer than 422', () => {
    const setError = vi.fn();
    expect(applyServerErrors<Values>(new ApiError(500, 'Сбой', { title: ['x'] }), setError, ['title'])).toBe(
      false,
    );
    expect(applyServerErrors<Values>(new Error('сеть'), setError, ['title'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('listMessage', () => {
  it("says the list's message, else its first item's", () => {
    expect(listMessage({ message: 'Не более 20 статей' })).toBe('Не более 20 статей');
    expect(listMessage([undefined, { message: 'Не более 255 символов' }])).toBe('Не более 255 символов');
    expect(listMessage(undefined)).toBeUndefined();
  });
});
