import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from './system-prompt.js';

describe('the system prompt of an AI chat', () => {
  it('puts each question’s prompt text before its answer, in the given order, a paragraph each', () => {
    expect(
      buildSystemPrompt([
        { prompt: 'Ты помощник менеджера по продажам. Клиент:', answer: ' Анна Петрова ' },
        { prompt: 'Что продаём', answer: 'CRM для отдела продаж' },
        { prompt: 'Бюджет клиента —', answer: 'до 100 000 ₽' },
      ]),
    ).toBe(
      'Ты помощник менеджера по продажам. Клиент: Анна Петрова\n\n' +
        'Что продаём\nCRM для отдела продаж\n\n' +
        'Бюджет клиента — до 100 000 ₽',
    );
  });

  it('keeps a many-line answer as a block under its prompt text', () => {
    expect(buildSystemPrompt([{ prompt: 'Возражения клиента:', answer: 'Дорого.\nНет времени.' }])).toBe(
      'Возражения клиента:\nДорого.\nНет времени.',
    );
  });

  it('is empty without questions', () => {
    expect(buildSystemPrompt([])).toBe('');
  });
});
