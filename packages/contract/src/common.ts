import { z } from 'zod';
import ru from 'zod/v4/locales/ru.js';

// Russian validation messages everywhere the contract is used (server answers, web forms).
// Only the Russian locale: importing z.locales pulls every language into the web bundle.
z.config(ru());

export const REQUIRED = 'Обязательное поле';

export const idSchema = z.coerce.number().int().positive();
export const isoDateTime = z.string().describe('ISO-8601 UTC');

/** Success envelope (docs/product.md §5.1): every answer carries it, DELETE included. */
export const envelope = <T extends z.ZodType>(response: T) =>
  z.object({ success: z.literal(true), response });

export const errorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
export type Page<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

export const okSchema = z.object({ ok: z.literal(true) });

/** What a person reads when a value is longer than its field allows. */
export const tooLong = (max: number) => `Не более ${max} символов`;

/**
 * A string whose "Обязательное поле" is only for a missing value: a schema-level message would
 * otherwise stand in for every check without its own (a too-long name read as "required").
 */
export const requiredString = () =>
  z.string({ error: (issue) => (issue.code === 'invalid_type' ? REQUIRED : undefined) });

/** A required, trimmed text field of at most `max` characters, with the product's messages. */
export const requiredText = (max = 255) => requiredString().trim().min(1, REQUIRED).max(max, tooLong(max));

export const projectParams = z.object({ projectId: idSchema });

/** An id sent in a body: a wrong or missing one reads as `message` on its field. */
export const bodyId = (message: string) => z.number({ error: message }).int(message).positive(message);

const NON_NEGATIVE_WHOLE = 'Введите целое неотрицательное число';

/** A whole, non-negative number up to `max` (amounts, goals): digits only in the UI. */
export const wholeNumber = (max: number) =>
  z
    .number({ error: NON_NEGATIVE_WHOLE })
    .int(NON_NEGATIVE_WHOLE)
    .min(0, NON_NEGATIVE_WHOLE)
    .max(max, `Не больше ${max.toLocaleString('ru-RU')}`);
