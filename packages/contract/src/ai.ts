import { z } from 'zod';
import {
  bodyId,
  idSchema,
  isoDateTime,
  plainText,
  REQUIRED,
  requiredString,
  requiredText,
  tooLong,
} from './common.js';

// ---- the AI chat: initial questions in groups, prompts built from them, chats (docs/product.md §4.14)

export const AI_FIELD_TYPES = ['text', 'select', 'textarea'] as const;
export type AiFieldType = (typeof AI_FIELD_TYPES)[number];

export const AI_PROMPT_TEXT_MAX = 4000;
export const AI_ANSWER_MAX = 4000;
export const AI_MESSAGE_MAX = 8000;

export const AI_GROUP_NOT_FOUND = 'Группа вопросов не найдена';
export const AI_OPTION_NOT_FOUND = 'Вариант ответа не найден';
export const AI_QUESTION_NOT_FOUND = 'Вопрос не найден';
export const AI_PROMPT_NOT_FOUND = 'Промпт не найден';
export const AI_CHAT_NOT_FOUND = 'Чат не найден';
/** No OPENAI_API_KEY → 503 with this message, and the page says so (docs/product.md §8.2). */
export const AI_NOT_CONFIGURED = 'AI-чат не подключён, обратитесь к администратору';
/** What the page tells an admin instead: what to do. */
export const AI_NOT_CONFIGURED_ADMIN =
  'AI-чат не подключён. Чтобы подключить его, тот, кто обслуживает сервер CRM, указывает ключ языковой модели в настройке OPENAI_API_KEY и перезапускает сервер';
export const AI_MODEL_FAILED = 'Модель не ответила: попробуйте ещё раз позже';
export const AI_MODEL_TIMEOUT = 'Модель не ответила вовремя: попробуйте ещё раз';
export const SELECT_NEEDS_OPTIONS = 'Добавьте хотя бы один вариант ответа';
export const AI_QUESTION_OTHER_GROUP = 'Вопрос из другой группы';
export const AI_ANSWER_TWICE = 'На этот вопрос уже есть ответ';
export const AI_ANSWER_NOT_AN_OPTION = 'Выберите один из вариантов ответа';
/** A question of the prompt left out of the answers: 422 on `answers`, naming it. */
export const aiAnswerMissing = (question: string) => `Ответьте на вопрос «${question}»`;

export const aiGroupSchema = z.object({ id: z.number().int(), name: z.string() });
export type AiGroup = z.infer<typeof aiGroupSchema>;
export const aiGroupBody = z.object({ name: requiredText(255) });
export type AiGroupBody = z.input<typeof aiGroupBody>;
export const aiGroupParams = z.object({ projectId: idSchema, id: idSchema });

export const aiOptionSchema = z.object({ id: z.number().int(), value: z.string() });

/**
 * An option as sent: its text alone (a new one), or as it was read, `{id, value}` (an existing one
 * of this question keeps its id; `{value}` alone is new), so a client sends back what it read.
 */
export const aiOptionInput = z
  .union([
    requiredText(255),
    z.object({ id: bodyId(AI_OPTION_NOT_FOUND).optional(), value: requiredText(255) }),
  ])
  .transform((option) => (typeof option === 'string' ? { value: option } : option));

export const aiQuestionSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  field_type: z.enum(AI_FIELD_TYPES),
  order: z.number().int(),
  options: z.array(aiOptionSchema),
  /** What the system prompt says before the answer. */
  prompt: z.string(),
  group_id: z.number().int(),
  description: z.string().nullable(),
  group: z.object({ name: z.string() }),
});
export type AiQuestion = z.infer<typeof aiQuestionSchema>;

/** Spec §5: question and prompt required; a select needs at least one option (options of other types are dropped). */
export const aiQuestionBody = z
  .object({
    question: requiredText(500),
    field_type: z.enum(AI_FIELD_TYPES, { error: 'Выберите тип вопроса' }),
    order: z.number({ error: 'Введите целое число' }).int('Введите целое число').min(1).max(1000).default(1),
    options: z.array(aiOptionInput).max(50).default([]),
    prompt: requiredText(AI_PROMPT_TEXT_MAX, 'multi'),
    group_id: bodyId(AI_GROUP_NOT_FOUND),
    description: plainText('multi').trim().max(1000, tooLong(1000)).nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.field_type === 'select' && body.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: SELECT_NEEDS_OPTIONS });
    }
  });
export type AiQuestionBody = z.input<typeof aiQuestionBody>;
export const aiQuestionParams = z.object({ projectId: idSchema, id: idSchema });

/** GET initial-questions: the groups in name order, each with its questions by `order`. */
export const aiQuestionsByGroup = z.array(aiGroupSchema.extend({ questions: z.array(aiQuestionSchema) }));
export type AiQuestionsByGroup = z.infer<typeof aiQuestionsByGroup>;

export const aiPromptSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Its questions' ids, in the order they were added. */
  questions: z.array(z.number().int()),
  ai_initial_question_group_id: z.number().int(),
});
export type AiPrompt = z.infer<typeof aiPromptSchema>;
export const aiPromptBody = z.object({
  name: requiredText(255),
  questions: z.array(z.number().int().positive()).min(1, 'Добавьте хотя бы один вопрос').max(100),
  ai_initial_question_group_id: bodyId(AI_GROUP_NOT_FOUND),
});
export type AiPromptBody = z.input<typeof aiPromptBody>;
export const aiPromptParams = z.object({ projectId: idSchema, id: idSchema });
export const aiPromptsQuery = z.object({ group_id: idSchema.optional() });

export const aiAnswerInput = z.object({
  question_id: bodyId(AI_QUESTION_NOT_FOUND),
  answer: plainText('multi').trim().max(AI_ANSWER_MAX, tooLong(AI_ANSWER_MAX)),
});
/** Starts a chat: the prompt and the answers to its questions (every question answered). */
export const aiChatCreateBody = z.object({
  prompt_id: bodyId(AI_PROMPT_NOT_FOUND),
  answers: z.array(aiAnswerInput).max(100),
});
export type AiChatCreateBody = z.input<typeof aiChatCreateBody>;

export const aiChatSchema = z.object({
  id: z.number().int(),
  prompt_id: z.number().int().nullable(),
  /** The prompt's name when the chat began (kept if the prompt is deleted). */
  title: z.string(),
  answers: z.array(
    z.object({ question_id: z.number().int().nullable(), question: z.string(), answer: z.string() }),
  ),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AiChat = z.infer<typeof aiChatSchema>;
export const aiChatParams = z.object({ projectId: idSchema, id: idSchema });

export const AI_MESSAGE_STATUSES = ['complete', 'stopped', 'failed'] as const;
export const aiMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** An assistant reply cut short keeps what arrived: `stopped` by the person, `failed` by the model. */
  status: z.enum(AI_MESSAGE_STATUSES),
  created_at: isoDateTime,
});
export type AiMessage = z.infer<typeof aiMessageSchema>;
export const aiMessageBody = z.object({
  content: requiredString('multi').trim().min(1, REQUIRED).max(AI_MESSAGE_MAX, tooLong(AI_MESSAGE_MAX)),
});
export type AiMessageBody = z.input<typeof aiMessageBody>;

/**
 * POST ai-chats/{id}/messages answers `application/x-ndjson`, one of these per line: the user's
 * message as kept, the reply's pieces as they arrive, then `done` (the kept reply) or `error` (a
 * Russian sentence, with the reply as kept so far). Errors found before the model starts (404,
 * 422, 503 unconfigured, 502 the model refused) come as the usual error envelope instead.
 */
export const aiStreamLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user_message'), message: aiMessageSchema }),
  z.object({ type: z.literal('delta'), content: z.string() }),
  z.object({ type: z.literal('done'), message: aiMessageSchema }),
  z.object({ type: z.literal('error'), message: z.string(), reply: aiMessageSchema.nullable() }),
]);
export type AiStreamLine = z.infer<typeof aiStreamLineSchema>;
export const AI_STREAM_CONTENT_TYPE = 'application/x-ndjson';

/** Whether the server has a model: the page says so before anyone types (docs/product.md §8.2). */
export const aiConfigSchema = z.object({ configured: z.boolean() });
export type AiConfig = z.infer<typeof aiConfigSchema>;

export const aiChatQuestionsQuery = z.object({ ai_chat_id: idSchema });
