import { z } from 'zod';
import { idSchema, plainText, tooLong } from './common.js';

// ---- logged calls (docs/product.md §4.8, "The client's page") ------------------------------

/** What a call came to: a short list, so the timeline and the statistics can count them. */
export const callOutcomeLabels = {
  reached: 'Дозвонился',
  no_answer: 'Не дозвонился',
  busy: 'Занято',
  call_back: 'Просил перезвонить',
  wrong_number: 'Неверный номер',
} as const;
export type CallOutcome = keyof typeof callOutcomeLabels;
export const CALL_OUTCOMES = Object.keys(callOutcomeLabels) as [CallOutcome, ...CallOutcome[]];

/** A call lasts at most a day (seconds); the form takes minutes and seconds. */
export const CALL_DURATION_MAX = 24 * 3600;
export const CALL_COMMENT_MAX = 2000;

export const CHOOSE_CALL_OUTCOME = 'Выберите, чем закончился звонок';
const DURATION_MESSAGE = 'Длительность — целое число секунд, не больше суток';

export const clientCallSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  outcome: z.enum(CALL_OUTCOMES),
  /** Seconds. */
  duration: z.number().int(),
  comment: z.string(),
  /** Who called (who logged it). */
  author: z.object({ id: z.number().int(), name: z.string() }),
  /** When the call was (the moment of logging unless told). */
  called_at: z.string(),
  created_at: z.string(),
});
export type ClientCall = z.infer<typeof clientCallSchema>;

export const clientCallsParams = z.object({ projectId: idSchema, clientId: idSchema });

export const clientCallCreateBody = z.object({
  outcome: z.enum(CALL_OUTCOMES, { error: CHOOSE_CALL_OUTCOME }),
  duration: z
    .number({ error: DURATION_MESSAGE })
    .int(DURATION_MESSAGE)
    .min(0, DURATION_MESSAGE)
    .max(CALL_DURATION_MAX, DURATION_MESSAGE)
    .optional()
    .default(0),
  comment: plainText('multi').trim().max(CALL_COMMENT_MAX, tooLong(CALL_COMMENT_MAX)).optional().default(''),
  /** ISO with a zone; not in the future. Left out: now. */
  called_at: z.iso.datetime({ offset: true, error: 'Укажите дату и время звонка' }).optional(),
});
export type ClientCallCreateBody = z.input<typeof clientCallCreateBody>;

export const CALL_IN_FUTURE = 'Звонок не может быть в будущем';
