import { z } from 'zod';
import { idSchema, plainText, REQUIRED, requiredText, tooLong } from './common.js';
import { clueSchema, FORM_FIELD_NOT_FOUND } from './clients.js';

// ---- the client form (docs/product.md §4.7) --------------------------------------------------

export const formFieldTypes = ['text', 'phone_number', 'social_network', 'textarea', 'select'] as const;
export type FormFieldType = (typeof formFieldTypes)[number];
export const formFieldSizes = [25, 50, 100] as const;

export const DEFAULT_GROUP_TITLE = 'Заголовок';
export const OPTION_EMPTY = 'Вариант не может быть пустым';
export const OPTIONS_REPEAT = 'Варианты не должны повторяться';
export const SEARCHABLE_ONLY_SELECT = 'Поиск по полю доступен только для выпадающего списка';
export const SELECT_NEEDS_OPTION = 'Добавьте хотя бы один вариант';
export const PHONE_DIGITS_MAX = 15;
/** Where a social-network link may point. */
export const SOCIAL_NETWORK_PREFIXES = ['https://www.instagram.com/', 'https://www.facebook.com/'] as const;
/** Longest values per type (characters). */
export const TEXT_VALUE_MAX = 255;
export const TEXTAREA_VALUE_MAX = 5000;
/** Bounds of one form: groups, fields per form, options per field. */
export const FORM_GROUPS_MAX = 50;
export const FORM_FIELDS_MAX = 200;
export const FORM_OPTIONS_MAX = 200;

/** An option of a select field, with its hint (a clue of type form_field_option) if it has one. */
export const formFieldOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  clue: clueSchema.nullable(),
});
export type FormFieldOption = z.infer<typeof formFieldOptionSchema>;

export const formFieldSchema = z.object({
  id: z.number().int(),
  type: z.enum(formFieldTypes),
  name: z.string(),
  placeholder: z.string(),
  required: z.boolean(),
  /** Select fields only: offered as a filter of the clients list. */
  is_searchable: z.boolean(),
  size_percentage: z.number().int(),
  /** Select fields only, in their order; [] for the other types. */
  options: z.array(formFieldOptionSchema),
  order: z.number().int(),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const formGroupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  order: z.number().int(),
  fields: z.array(formFieldSchema),
});
export type FormGroup = z.infer<typeof formGroupSchema>;

/** An id in the saved form: one of this project's rows (another's or unknown → 422 on it). */
const rowId = (message: string) => z.number({ error: message }).int(message).positive(message).optional();

const optionInput = z.object({
  id: rowId('Вариант не найден'),
  name: plainText('single', OPTION_EMPTY).trim().min(1, OPTION_EMPTY).max(100, tooLong(100)),
});

const fieldInput = z
  .object({
    id: rowId(FORM_FIELD_NOT_FOUND),
    type: z.enum(formFieldTypes, { error: 'Выберите тип поля' }),
    name: requiredText(100),
    placeholder: plainText().trim().max(200, tooLong(200)).optional().default(''),
    required: z.boolean().optional().default(false),
    is_searchable: z.boolean().optional().default(false),
    size_percentage: z
      .union(
        formFieldSizes.map((s) => z.literal(s)),
        { error: 'Ширина: 25, 50 или 100 процентов' },
      )
      .optional()
      .default(100),
    options: z.array(optionInput).max(FORM_OPTIONS_MAX).optional().default([]),
  })
  .superRefine((field, ctx) => {
    if (field.is_searchable && field.type !== 'select') {
      ctx.addIssue({ code: 'custom', message: SEARCHABLE_ONLY_SELECT, path: ['is_searchable'] });
    }
    if (field.type !== 'select') return;
    if (field.options.length === 0)
      ctx.addIssue({ code: 'custom', message: SELECT_NEEDS_OPTION, path: ['options'] });
    const seen = new Set<string>();
    field.options.forEach((option, i) => {
      const key = option.name.toLocaleLowerCase('ru-RU');
      if (key === '') return;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: OPTIONS_REPEAT, path: ['options', i, 'name'] });
      seen.add(key);
    });
  });

const groupInput = z.object({
  id: rowId('Группа не найдена'),
  /** Empty → 'Заголовок'. */
  title: plainText()
    .trim()
    .max(100, tooLong(100))
    .optional()
    .default('')
    .transform((t) => t || DEFAULT_GROUP_TITLE),
  fields: z.array(fieldInput).max(FORM_FIELDS_MAX).optional().default([]),
});

/**
 * PUT /form: the whole form. Groups, fields and options are saved in the order given; an item
 * with an id updates that row, one without is created, and rows left out are deleted (a deleted
 * field takes its clients' values with it).
 */
export const formSaveBody = z.object({
  groups: z.array(groupInput, { error: REQUIRED }).max(FORM_GROUPS_MAX),
});
export type FormSaveBody = z.input<typeof formSaveBody>;

export const FORM_GROUP_PROJECT_MISMATCH = 'Группа создаётся только в проекте из адреса запроса';
const GROUP_ORDER = 'Порядок: целое неотрицательное число';

export const formGroupParams = z.object({ projectId: idSchema, id: idSchema });

/**
 * POST /form-groups: one new group with its fields (none of them has an id yet), put at `order`
 * (0 first; left out or past the end: last). `project_id` must be the path's project.
 */
export const formGroupCreateBody = groupInput.omit({ id: true }).extend({
  project_id: z.number({ error: REQUIRED }).int(FORM_GROUP_PROJECT_MISMATCH),
  order: z.number({ error: GROUP_ORDER }).int(GROUP_ORDER).min(0, GROUP_ORDER).optional(),
});
export type FormGroupCreateBody = z.input<typeof formGroupCreateBody>;

/**
 * PUT /form-groups/{id}: the group's title and its fields, as PUT /form saves a group: fields with
 * an id (of this group) are updated, those without created, those left out deleted.
 */
export const formGroupUpdateBody = groupInput.omit({ id: true });
export type FormGroupUpdateBody = z.input<typeof formGroupUpdateBody>;

/** PUT /form-groups/order: every group of the form, each once, in the new order. */
export const formGroupsOrderBody = z.object({
  ids: z
    .array(z.number({ error: 'Группа не найдена' }).int('Группа не найдена').positive('Группа не найдена'), {
      error: REQUIRED,
    })
    .max(FORM_GROUPS_MAX),
});
export type FormGroupsOrderBody = z.input<typeof formGroupsOrderBody>;
