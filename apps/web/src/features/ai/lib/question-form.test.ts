import { describe, expect, it } from 'vitest';
import { addOption, asSent, bodyOf, nextOrderOf, questionReady, valuesOf } from './question-form';

describe('the question modal', () => {
  const draft = { ...valuesOf(undefined, 7, 1), question: 'Что продаём?', prompt: 'Наш продукт:' };

  it('is ready with a question and a prompt; a select needs an option too', () => {
    expect(questionReady(draft)).toBe(true);
    expect(questionReady({ ...draft, question: '  ' })).toBe(false);
    expect(questionReady({ ...draft, prompt: '' })).toBe(false);
    expect(questionReady({ ...draft, field_type: 'select' })).toBe(false);
    expect(questionReady({ ...draft, field_type: 'select', options: ['B2B'] })).toBe(true);
  });

  it('adds no empty and no duplicate option', () => {
    expect(addOption([], '  ')).toBeNull();
    expect(addOption(['Опт'], ' опт ')).toBeNull();
    expect(addOption(['Опт'], ' Розница ')).toEqual(['Опт', 'Розница']);
  });

  it('sends and checks options only for a select', () => {
    expect(asSent({ ...draft, options: ['x'] }).options).toEqual([]);
    expect(asSent({ ...draft, field_type: 'select', options: ['x'] }).options).toEqual(['x']);
  });

  it('sends a blank description as null', () => {
    expect(bodyOf({ ...draft, options: [], description: '', order: 3 })).toEqual({
      field_type: 'text',
      question: 'Что продаём?',
      prompt: 'Наш продукт:',
      options: [],
      description: null,
      order: 3,
      group_id: 7,
    });
  });

  it('sends an option the question had with its id, so an edit keeps it', () => {
    const question = {
      id: 5,
      question: 'Этап?',
      field_type: 'select' as const,
      order: 1,
      options: [
        { id: 11, value: 'Первый' },
        { id: 12, value: 'Второй' },
      ],
      prompt: 'Этап:',
      group_id: 7,
      description: null,
      group: { name: 'Продажи' },
    };
    expect(valuesOf(question, 7, 2)).toMatchObject({
      options: ['Первый', 'Второй'],
      description: '',
      order: 1,
    });
    const edited = { ...valuesOf(question, 7, 2), options: [{ value: 'Второй' }, { value: 'Новый' }] };
    expect(bodyOf(edited, question).options).toEqual([{ id: 12, value: 'Второй' }, 'Новый']);
  });

  it('puts a new question after the last one', () => {
    expect(nextOrderOf([])).toBe(1);
    expect(nextOrderOf([{ order: 4 }, { order: 2 }])).toBe(5);
  });
});

describe('moveItem', () => {
  it('moves one question of a prompt up or down, the others keep their order', async () => {
    const { moveItem } = await import('./prompt-form');
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
});
