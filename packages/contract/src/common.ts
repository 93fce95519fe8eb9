import { z } from 'zod';
import { issueMessage } from './issue-messages.js';

// Russian validation messages everywhere the contract is used (server answers, web forms), as
// sentences about the field: one map of the validator's issues (issue-messages.ts).
z.config({ localeError: issueMessage });

// Defined with the sign-in page's constants, which must stay free of zod (sign-in.ts).
import { REQUIRED } from './sign-in.js';
export { REQUIRED };

/**
 * A record's id as a path or a query writes it: decimal digits, no sign, no leading zero, at most
 * 15 of them (a safe integer). `0xA`, `1e1`, ` 10`, `+10`, `010`, `10.0` name nothing: in a path
 * that is 404 (docs/decisions.md), in a query a message.
 */
export const ID_DIGITS = /^[1-9][0-9]{0,14}$/;
export const ID_MESSAGE = 'Ожидается номер записи: только цифры';

/** The id `text` names, or null when it is not written as an id (see ID_DIGITS). */
export const parseId = (text: string): number | null => (ID_DIGITS.test(text) ? Number(text) : null);

export const idSchema = z.union(
  [
    z
      .number({ error: ID_MESSAGE })
      .int(ID_MESSAGE)
      .positive(ID_MESSAGE)
      .max(Number.MAX_SAFE_INTEGER, ID_MESSAGE),
    z.string({ error: ID_MESSAGE }).regex(ID_DIGITS, ID_MESSAGE).transform(Number),
  ],
  { error: ID_MESSAGE },
);
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

/** What a person reads when a text holds NUL or another control character. */
export const CONTROL_CHARACTERS = 'Текст содержит недопустимые служебные символы';

/**
 * Control characters no text may hold: NUL (PostgreSQL refuses it in text), the rest of C0 and
 * DEL. A multi-line text (a note, a message) keeps tabs and line breaks; a single-line one
 * (a name, a title, a search) holds none.
 */
// eslint-disable-next-line no-control-regex -- these control characters are what it refuses
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export type TextLines = 'single' | 'multi';

/**
 * The one text type of a request (body or query): a string without control characters
 * (docs/decisions.md, "Security run"); a test walks every endpoint for a string that is not one.
 */
export const plainText = (lines: TextLines = 'single', missing?: string) =>
  z
    .string(missing ? { error: missing } : undefined)
    .regex(lines === 'multi' ? MULTI_LINE : SINGLE_LINE, CONTROL_CHARACTERS);

/**
 * A text whose "Обязательное поле" is only for a missing value: a schema-level message would
 * otherwise stand in for every check without its own (a too-long name read as "required").
 */
export const requiredString = (lines: TextLines = 'single') =>
  z
    .string({
      error: (issue) => (issue.code === 'invalid_type' && issue.input == null ? REQUIRED : undefined),
    })
    .regex(lines === 'multi' ? MULTI_LINE : SINGLE_LINE, CONTROL_CHARACTERS);

/** A required, trimmed text field of at most `max` characters, with the product's messages. */
export const requiredText = (max = 255, lines: TextLines = 'single') =>
  requiredString(lines).trim().min(1, REQUIRED).max(max, tooLong(max));

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
