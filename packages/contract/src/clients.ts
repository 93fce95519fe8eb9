import { z } from 'zod';
import { bodyId, idSchema, plainText, REQUIRED, requiredText, wholeNumber } from './common.js';
import { richTextJson } from './rich-text.js';

// ---- client categories (docs/product.md §4.6) ----------------------------------------------

/** The colours the category modal offers (docs/product.md §4.6); the API takes any six hex digits without '#'. */
export const CATEGORY_COLORS = [
  'AC8BE5',
  'FFD95F',
  '88E7FF',
  'FF8C8C',
  '77EF83',
  'DD69C0',
  '56E4D1',
  'FFB700',
  '677DE7',
  'D39FD3',
] as const;
export const DEFAULT_CATEGORY_COLOR = 'AC8BE5';

/** Time in a category before moving on: entered in hours, sent in seconds; at most 10 years. */
export const CATEGORY_DURATION_MAX = 87_600 * 3600;
/** Categories per project (a pipeline's stages; also bounds change-order). */
export const CATEGORIES_MAX = 500;

export const CATEGORY_NOT_FOUND = 'Категория клиентов не найдена';

/**
 * A stage that ends the pipeline (docs/product.md §4.6, "Stages that end the pipeline"): 'won'
 * ('Успех') or 'lost' ('Отказ'); null for an ordinary stage. The board shows them last.
 */
export const categoryOutcomes = ['won', 'lost'] as const;
export type CategoryOutcome = (typeof categoryOutcomes)[number];
export const categoryOutcomeLabels: Record<CategoryOutcome, string> = { won: 'Успех', lost: 'Отказ' };
const outcomeSchema = z
  .enum(categoryOutcomes, { error: 'Итог этапа: «Успех», «Отказ» или ничего' })
  .nullable();
export const CHOOSE_CATEGORY = 'Выберите категорию';

const colorSchema = z
  .string({ error: 'Выберите цвет' })
  .regex(/^[0-9a-fA-F]{6}$/, 'Цвет: шесть шестнадцатеричных цифр без #')
  .transform((c) => c.toUpperCase());

const durationSchema = wholeNumber(CATEGORY_DURATION_MAX);

/** A body id that names another row: unknown or foreign → 422 on the field. */

/** Clue (docs/product.md §4.6): a rich-text hint on a category or on an option of a select field. */
export const clueTypes = ['client_category', 'form_field_option'] as const;
export type ClueType = (typeof clueTypes)[number];

export const clueSchema = z.object({
  id: z.number().int(),
  type: z.enum(clueTypes),
  type_id: z.number().int(),
  /** Rich-text JSON string (rich-text.ts), '' when blank. */
  clue: z.string(),
});
export type Clue = z.infer<typeof clueSchema>;

export const clientCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Six hex digits, upper case, without '#'. */
  color: z.string(),
  next_category_id: z.number().int().nullable(),
  /** Seconds; with a next category and > 0 clients move on by themselves after it. */
  duration: z.number().int(),
  /** 'won' / 'lost': a stage that ends the pipeline (shown last); null: an ordinary one. */
  outcome: z.enum(categoryOutcomes).nullable(),
  clue: clueSchema.nullable(),
});
export type ClientCategory = z.infer<typeof clientCategorySchema>;

/** How many of the project's clients are in a category now (the settings list; only non-empty ones). */
export const categoryClientCountSchema = z.object({
  category_id: z.number().int(),
  clients: z.number().int(),
});
export type CategoryClientCount = z.infer<typeof categoryClientCountSchema>;

export const clientCategoryParams = z.object({ projectId: idSchema, id: idSchema });

/** The category modal: name, hours (×3600), next category, colour. */
export const clientCategoryCreateBody = z.object({
  name: requiredText(100),
  color: colorSchema.optional().default(DEFAULT_CATEGORY_COLOR),
  next_category_id: bodyId(CATEGORY_NOT_FOUND).nullable().optional().default(null),
  duration: durationSchema.optional().default(0),
  outcome: outcomeSchema.optional().default(null),
});
export type ClientCategoryCreateBody = z.input<typeof clientCategoryCreateBody>;

/** A field left out stays as it is; `next_category_id: null` removes the next category. */
export const clientCategoryUpdateBody = z.object({
  name: requiredText(100),
  color: colorSchema.optional(),
  next_category_id: bodyId(CATEGORY_NOT_FOUND).nullable().optional(),
  duration: durationSchema.optional(),
  outcome: outcomeSchema.optional(),
});
export type ClientCategoryUpdateBody = z.input<typeof clientCategoryUpdateBody>;

/** Every category of the project, each once, in the new order. */
export const changeOrderBody = z.object({
  ids: z.array(bodyId(CATEGORY_NOT_FOUND), { error: REQUIRED }).max(CATEGORIES_MAX),
});
export type ChangeOrderBody = z.input<typeof changeOrderBody>;

// ---- clues ---------------------------------------------------------------------------------

export const clueCreateParams = z.object({ projectId: idSchema, type: z.enum(clueTypes) });
export const clueParams = z.object({ projectId: idSchema, id: idSchema });

export const clueCreateBody = z.object({
  clue: richTextJson(),
  /** The category's id (type client_category) or the option's (form_field_option). */
  type_id: bodyId(REQUIRED),
});
export type ClueCreateBody = z.input<typeof clueCreateBody>;

export const clueUpdateBody = z.object({ clue: richTextJson() });
export type ClueUpdateBody = z.input<typeof clueUpdateBody>;

// ---- clients (docs/product.md §4.8) --------------------------------------------------------

/** The largest client amount (whole currency units, digits only in the form). */
export const CLIENT_AMOUNT_MAX = 1_000_000_000_000;
export const CLIENTS_PER_PAGE = 20;

export const AMOUNT_WHOLE =
  'Сумма — целое число: только цифры, без копеек и букв (пробелы между разрядами можно)';
export const AMOUNT_TOO_BIG = `Не больше ${CLIENT_AMOUNT_MAX.toLocaleString('ru-RU')}`;

/**
 * 'Сумма клиента' as a person typed it: spaces between digit groups are dropped ('12 500'),
 * anything else (a comma, letters, a sign) is refused, never rewritten; blank is 0. The form and
 * the API read it alike (`clientAmount`).
 */
export const parseAmount = (text: string): { value: number } | { error: string } => {
  const digits = text.replace(/[\s\u00a0\u202f]/g, '');
  if (digits === '') return { value: 0 };
  if (!/^\d+$/.test(digits)) return { error: AMOUNT_WHOLE };
  const value = Number(digits);
  return value > CLIENT_AMOUNT_MAX ? { error: AMOUNT_TOO_BIG } : { value };
};

/** The API's amount: a whole number, or a text as `parseAmount` reads it. */
const clientAmount = z.union([z.number(), plainText()], { error: AMOUNT_WHOLE }).transform((given, ctx) => {
  if (typeof given === 'number') {
    if (Number.isInteger(given) && given >= 0 && given <= CLIENT_AMOUNT_MAX) return given;
    ctx.addIssue({ code: 'custom', message: given > CLIENT_AMOUNT_MAX ? AMOUNT_TOO_BIG : AMOUNT_WHOLE });
    return z.NEVER;
  }
  const read = parseAmount(given);
  if ('value' in read) return read.value;
  ctx.addIssue({ code: 'custom', message: read.error });
  return z.NEVER;
});

/** The longest own reason of a loss ('Другое' and a text). */
export const LOSS_REASON_TEXT_MAX = 300;
export const LOSS_REASON_NOT_FOUND = 'Причина отказа не найдена: выберите её из списка заново';

/**
 * What a move into a stage that ends the pipeline carries (docs/product.md §4.6): into 'Отказ'
 * a reason of the project's list (`loss_reason_id`) or an own one ('Другое': `loss_reason_text`),
 * one of them required; into 'Успех' the final amount, optional (it becomes the client's amount).
 * Ignored for a move into an ordinary stage.
 */
export const closingFields = {
  loss_reason_id: bodyId(LOSS_REASON_NOT_FOUND).nullable().optional(),
  loss_reason_text: plainText('multi')
    .trim()
    .max(LOSS_REASON_TEXT_MAX, `Причина отказа — не более ${LOSS_REASON_TEXT_MAX} символов`)
    .nullable()
    .optional(),
  final_amount: clientAmount.nullable().optional(),
};
export const closingBody = z.object(closingFields);
export type ClosingBody = z.input<typeof closingBody>;
export type ClosingInput = z.output<typeof closingBody>;

export const FORM_FIELD_NOT_FOUND = 'Поле формы не найдено';

/** One value of a client's custom field: a select's value is the option's id, as a string. */
export const clientFieldValueInput = z.object({
  field_id: z
    .number({ error: FORM_FIELD_NOT_FOUND })
    .int(FORM_FIELD_NOT_FOUND)
    .positive(FORM_FIELD_NOT_FOUND),
  value: z
    .union([plainText('multi'), z.number().int()], { error: 'Введите значение' })
    .nullable()
    .optional()
    .transform((v) => (v === null || v === undefined ? '' : String(v).trim())),
});
export type ClientFieldValueInput = z.input<typeof clientFieldValueInput>;

/** A value of a custom form field; a select's value is the option's id as a string. */
export const clientFieldValueSchema = z.object({ field_id: z.number().int(), value: z.string() });

export const clientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_name: z.string(),
  amount: z.number(),
  traffic: z.boolean(),
  category_id: z.number().int(),
  /** The owner: the manager (or admin) who created it, or to whom an admin passed it. */
  manager_id: z.number().int(),
  manager: z.object({ id: z.number().int(), name: z.string() }),
  fields: z.array(clientFieldValueSchema),
  /** When it entered its current category (automatic moves count from here). */
  category_entered_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientParams = z.object({ projectId: idSchema, id: idSchema });

/** The basic client form: Имя, Фамилия, 'Сумма клиента', 'Траффик', category. */
export const clientCreateBody = z.object({
  name: requiredText(100),
  last_name: requiredText(100),
  amount: clientAmount.optional().default(0),
  traffic: z.boolean().optional().default(false),
  category_id: bodyId(CHOOSE_CATEGORY),
  /** Admins only: whose client it is (the caller by default). */
  manager_id: bodyId('Участник проекта не найден').optional(),
  /** Values of the client form's fields (checked against the form). */
  fields: z.array(clientFieldValueInput).max(500).optional().default([]),
});
export type ClientCreateBody = z.input<typeof clientCreateBody>;

/**
 * The edit form. Fields left out stay as they are; a new `category_id` is a move (the same event
 * as update-category); `manager_id` (admins only) passes the client to another member.
 */
export const clientUpdateBody = z.object({
  name: requiredText(100),
  last_name: requiredText(100),
  amount: clientAmount.optional(),
  traffic: z.boolean().optional(),
  category_id: bodyId(CHOOSE_CATEGORY).optional(),
  manager_id: bodyId('Участник проекта не найден').optional(),
  /** Left out: the values stay; given: the client's values become these. */
  fields: z.array(clientFieldValueInput).max(500).optional(),
  /** With a new `category_id` that ends the pipeline: its reason or final amount. */
  ...closingFields,
});
export type ClientUpdateBody = z.input<typeof clientUpdateBody>;

export const updateCategoryBody = z.object({ category_id: bodyId(CHOOSE_CATEGORY), ...closingFields });
export type UpdateCategoryBody = z.input<typeof updateCategoryBody>;

const DATE_FORMAT = 'Введите дату в формате ГГГГ-ММ-ДД';

/** A calendar day, YYYY-MM-DD, read in the project's time zone. */
export const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT)
  .refine((s) => {
    // A malformed one is already refused by the pattern: one message, not two.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return true;
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, DATE_FORMAT);

/** A range of days, `from` not after `to` (either may be left out). */
export const daysInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
export const DAYS_IN_ORDER = { message: 'Дата «по» не может быть раньше даты «с»', path: ['to'] };


