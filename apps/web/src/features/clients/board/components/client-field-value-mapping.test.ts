import { describe, expect, it } from 'vitest';
import type { FormField, FormGroup } from '@crm/contract';
import {
  displayFieldValue,
  fieldValueErrors,
  formFieldsInOrder,
  fromFieldValues,
  toFieldValues,
} from './client-field-value-mapping';

const field = (id: number, order: number, extra: Partial<FormField> = {}): FormField => ({
  id,
  type: 'text',
  name: `Поле ${id}`,
  placeholder: '',
  required: false,
  is_searchable: false,
  size_percentage: 100,
  options: [],
  order,
  ...extra,
});

const groups: FormGroup[] = [
  { id: 2, title: 'Второй', order: 1, fields: [field(30, 0)] },
  { id: 1, title: 'Первый', order: 0, fields: [field(11, 1), field(10, 0)] },
];

describe('client field values', () => {
  it('keys values by field_<id>', () => {
    expect(
      toFieldValues([
        { field_id: 7, value: 'a' },
        { field_id: 9, value: '' },
      ]),
    ).toEqual({ field_7: 'a', field_9: '' });
  });

  it('orders fields by group order, then field order', () => {
    expect(formFieldsInOrder(groups).map((f) => f.id)).toEqual([10, 11, 30]);
  });

  it('sends every field of the form in order, blank ones as empty strings, trimmed', () => {
    expect(
      fromFieldValues({ field_11: '  x ', field_30: 'y', name: 'not a field', field_99: 'gone' }, groups),
    ).toEqual([
      { field_id: 10, value: '' },
      { field_id: 11, value: 'x' },
      { field_id: 30, value: 'y' },
    ]);
  });

  it('round-trips a client through the form', () => {
    const values = [
      { field_id: 10, value: 'a' },
      { field_id: 11, value: 'b' },
      { field_id: 30, value: 'c' },
    ];
    expect(fromFieldValues(toFieldValues(values), groups)).toEqual(values);
  });

  it('moves fields.N errors to the N-th sent field', () => {
    const sent = fromFieldValues({}, groups);
    expect(
      fieldValueErrors(
        {
          'fields.1.value': ['Обязательное поле', 'второе'],
          'fields.2.field_id': ['Поле формы не найдено'],
          name: ['x'],
          'fields.9.value': ['y'],
        },
        sent,
      ),
    ).toEqual([
      ['field_11', 'Обязательное поле'],
      ['field_30', 'Поле формы не найдено'],
    ]);
  });

  it('shows a select by its option name and a phone grouped as its country writes it', () => {
    const select = field(5, 0, { type: 'select', options: [{ id: 41, name: 'Сайт', clue: null }] });
    expect(displayFieldValue(select, '41')).toBe('Сайт');
    expect(displayFieldValue(select, '42')).toBe('');
    expect(displayFieldValue(field(6, 0, { type: 'phone_number' }), '375291234567')).toBe(
      '+375 29 123 45 67',
    );
    expect(displayFieldValue(field(6, 0, { type: 'phone_number' }), '79001234567')).toBe('+7 900 123 45 67');
    // A number the library does not know: its digits, after a plus.
    expect(displayFieldValue(field(6, 0, { type: 'phone_number' }), '12345')).toBe('+12345');
    expect(displayFieldValue(field(6, 0, { type: 'phone_number' }), '')).toBe('');
    expect(displayFieldValue(field(7, 0), 'текст')).toBe('текст');
  });
});
