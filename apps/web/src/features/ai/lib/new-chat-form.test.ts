import { describe, expect, it, vi } from 'vitest';
import { REQUIRED, tooLong, AI_ANSWER_MAX } from '@crm/contract';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { newChatErrorFields, newChatSchema, type NewChatValues } from './new-chat-form';

/** Each refused field's first message, as the form shows them. */
const messages = (values: NewChatValues) => {
  const found: Record<string, string> = {};
  for (const issue of newChatSchema.safeParse(values).error?.issues ?? [])
    found[issue.path.join('.')] ??= issue.message;
  return found;
};

const answered: NewChatValues = {
  prompt_id: 3,
  answers: [
    { question_id: 11, answer: ' Кофейни ' },
    { question_id: 12, answer: 'Дорого' },
  ],
};

describe('the new chat form', () => {
  it('needs every answer, trimmed, and none too long', () => {
    expect(newChatSchema.parse(answered).answers[0]).toEqual({ question_id: 11, answer: 'Кофейни' });
    expect(
      messages({
        prompt_id: 3,
        answers: [
          { question_id: 11, answer: '  ' },
          { question_id: 12, answer: 'я'.repeat(AI_ANSWER_MAX + 1) },
        ],
      }),
    ).toEqual({ 'answers.0.answer': REQUIRED, 'answers.1.answer': tooLong(AI_ANSWER_MAX) });
  });

  it('puts a refusal under its question, and one about the answers as a whole under the prompt', () => {
    const setError = vi.fn();
    const { fields, renamed } = newChatErrorFields(2);
    applyServerErrors<NewChatValues>(
      new ApiError(422, 'Проверьте поля', {
        'answers.1.question_id': ['На этот вопрос уже есть ответ'],
        'answers.0.answer': ['Выберите один из вариантов ответа'],
        answers: ['Ответьте на вопрос «Что беспокоит клиента?»'],
      }),
      setError,
      fields,
      renamed,
    );
    expect(Object.fromEntries(setError.mock.calls.map(([field, { message }]) => [field, message]))).toEqual({
      'answers.1.answer': 'На этот вопрос уже есть ответ',
      'answers.0.answer': 'Выберите один из вариантов ответа',
      prompt_id: 'Ответьте на вопрос «Что беспокоит клиента?»',
    });
  });
});
