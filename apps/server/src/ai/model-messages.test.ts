import { describe, expect, it } from 'vitest';
import { buildModelMessages } from './model-messages.js';

describe('what the model is sent', () => {
  const history = [
    { role: 'user' as const, content: 'Первый вопрос' },
    { role: 'assistant' as const, content: 'Первый ответ' },
    { role: 'user' as const, content: 'Второй вопрос' },
    { role: 'assistant' as const, content: '' },
    { role: 'user' as const, content: 'Третий' },
    { role: 'assistant' as const, content: 'Оборванный отв' },
  ];

  it('the system prompt, the conversation (without empty replies), then the new message', () => {
    expect(buildModelMessages('Клиент: Анна', history, 'Ещё')).toEqual([
      { role: 'system', content: 'Клиент: Анна' },
      { role: 'user', content: 'Первый вопрос' },
      { role: 'assistant', content: 'Первый ответ' },
      { role: 'user', content: 'Второй вопрос' },
      { role: 'user', content: 'Третий' },
      { role: 'assistant', content: 'Оборванный отв' },
      { role: 'user', content: 'Ещё' },
    ]);
  });

  it('only the latest messages that fit the budget; no system message when the chat has none', () => {
    expect(buildModelMessages('', history, 'Ещё', 'Третий'.length + 'Оборванный отв'.length + 3)).toEqual([
      { role: 'user', content: 'Третий' },
      { role: 'assistant', content: 'Оборванный отв' },
      { role: 'user', content: 'Ещё' },
    ]);
  });
});
