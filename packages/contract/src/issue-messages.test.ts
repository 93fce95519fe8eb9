import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { statisticsQuery } from './statistics.js';
import './common.js';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  expect(parsed.success).toBe(false);
  return parsed.error!.issues.map((issue) => issue.message);
};

describe('validation messages a person reads', () => {
  it('a missing value is required, a wrong one is said in words', () => {
    expect(messagesOf(z.object({ name: z.string() }), {})).toEqual(['Обязательное поле']);
    expect(messagesOf(z.object({ n: z.number() }), { n: 'пять' })).toEqual(['Введите число']);
    expect(messagesOf(z.object({ s: z.string() }), { s: 5 })).toEqual(['Введите текст']);
    expect(messagesOf(z.boolean(), 'да')).toEqual(['Выберите «да» или «нет»']);
    expect(messagesOf(z.array(z.string()), 'a')).toEqual(['Ожидается список значений']);
    expect(messagesOf(z.enum(['asc', 'desc']), 'up')).toEqual(['Выберите одно из значений: asc, desc']);
    expect(messagesOf(z.string().min(8), 'abc')).toEqual(['Не менее 8 символов']);
    expect(messagesOf(z.string().max(21), 'a'.repeat(22))).toEqual(['Не более 21 символа']);
    expect(messagesOf(z.number().min(1), 0)).toEqual(['Не меньше 1']);
    expect(messagesOf(z.number().max(1000), 1001)).toEqual(['Не больше 1\u00a0000']);
    expect(messagesOf(z.email(), 'нет')).toEqual(['Введите корректный адрес электронной почты']);
    expect(messagesOf(z.string().regex(/^\d+$/), 'x')).toEqual(['Неверный формат значения']);
    expect(messagesOf(z.strictObject({}), { extra: 1 })).toEqual(['Неизвестное поле: extra']);
  });

  it('the statistics without its dates: each is required, in words', () => {
    const parsed = statisticsQuery.safeParse({});
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['from', 'Обязательное поле'],
      ['to', 'Обязательное поле'],
    ]);
  });

  it('no message names a type, a pattern or undefined', () => {
    const samples: [z.ZodType, unknown][] = [
      [z.string(), undefined],
      [z.number().int(), 1.5],
      [z.literal('x'), 'y'],
      [z.union([z.string(), z.number()]), true],
      [z.string().startsWith('a'), 'b'],
      [z.iso.datetime(), 'вчера'],
      [z.record(z.string(), z.number()), { a: 'b' }],
      [z.number().multipleOf(5), 3],
    ];
    for (const [schema, value] of samples) {
      for (const message of messagesOf(schema, value)) {
        expect(message).not.toMatch(/string|number|undefined|boolean|instanceof|\/\^|Неверный ввод/);
      }
    }
  });
});
