import type { z } from 'zod';

/**
 * The one place a validator's issue becomes words a person reads (server answers and web forms
 * alike): a sentence about the field, never a type name or a pattern. A schema's own message wins
 * over these; these stand where a schema gave none.
 */
const REQUIRED = 'Обязательное поле';

const EXPECTED: Record<string, string> = {
  string: 'Введите текст',
  number: 'Введите число',
  int: 'Введите целое число',
  bigint: 'Введите целое число',
  boolean: 'Выберите «да» или «нет»',
  array: 'Ожидается список значений',
  object: 'Ожидается набор полей',
  date: 'Укажите дату в формате ГГГГ-ММ-ДД',
};

const FORMATS: Record<string, string> = {
  email: 'Введите корректный адрес электронной почты',
  url: 'Введите корректную ссылку',
  date: 'Укажите дату в формате ГГГГ-ММ-ДД',
  datetime: 'Укажите дату и время в формате ISO 8601 (ГГГГ-ММ-ДДTчч:мм:ссZ)',
  time: 'Укажите время в формате чч:мм',
  uuid: 'Неверный идентификатор',
};

/** After «не менее» / «не более»: 1, 21, 101 символа; 2, 5, 11 символов. */
const genitive = (n: number, one: string, many: string) =>
  `${n} ${n % 10 === 1 && n % 100 !== 11 ? one : many}`;
const characters = (n: number) => genitive(n, 'символа', 'символов');
const items = (n: number) => genitive(n, 'значения', 'значений');
const number = (n: number | bigint) => Number(n).toLocaleString('ru-RU');

export function issueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? REQUIRED
        : (EXPECTED[issue.expected] ?? 'Неверное значение');
    case 'invalid_value':
      return issue.values.length === 1
        ? `Допустимо только значение ${String(issue.values[0])}`
        : `Выберите одно из значений: ${issue.values.map(String).join(', ')}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? REQUIRED : `Не менее ${characters(min)}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? 'Добавьте хотя бы одно значение' : `Не менее ${items(min)}`;
      return issue.inclusive === false
        ? `Должно быть больше ${number(issue.minimum)}`
        : `Не меньше ${number(issue.minimum)}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Не более ${characters(max)}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Не более ${items(max)}`;
      return issue.inclusive === false
        ? `Должно быть меньше ${number(issue.maximum)}`
        : `Не больше ${number(issue.maximum)}`;
    }
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Неверный формат значения';
    case 'not_multiple_of':
      return `Должно быть кратно ${number(issue.divisor)}`;
    case 'unrecognized_keys':
      return `${issue.keys.length > 1 ? 'Неизвестные поля' : 'Неизвестное поле'}: ${issue.keys.join(', ')}`;
    default:
      return 'Неверное значение';
  }
}
