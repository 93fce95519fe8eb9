import { z } from 'zod';
import { aiAnswerInput, aiChatCreateBody, REQUIRED } from '@crm/contract';

/**
 * The new chat form: the body the API reads. Every question is answered: a blank answer is
 * refused here as the server refuses it ('Обязательное поле'), beside the other answers' messages.
 */
export const newChatSchema = aiChatCreateBody.extend({
  answers: z.array(aiAnswerInput.extend({ answer: aiAnswerInput.shape.answer.min(1, REQUIRED) })),
});

export type NewChatValues = z.input<typeof newChatSchema>;

/**
 * Where a 422's messages go: an answer's (or its question's) under that question, the rest
 * about the answers (a question left out) under the prompt.
 */
export const newChatErrorFields = (answers: number) => {
  const indexes = Array.from({ length: answers }, (_, i) => i);
  return {
    fields: ['prompt_id', ...indexes.map((i) => `answers.${i}.answer` as const)] as const,
    renamed: Object.fromEntries([
      ['answers', 'prompt_id'],
      ...indexes.map((i) => [`answers.${i}.question_id`, `answers.${i}.answer`]),
    ]) as Record<string, `answers.${number}.answer` | 'prompt_id'>,
  };
};
