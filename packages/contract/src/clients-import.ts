import { z } from 'zod';
import { bodyId, idSchema, plainText } from './common.js';
import { CHOOSE_CATEGORY } from './clients.js';

// ---- the client import (docs/product.md §4.8 "Import") ---------------------------------------

/**
 * The largest file accepted (413 past it): a million clients with ten columns fit, as CSV (the
 * export of a million is 150 MB) or XLSX (docs/decisions.md).
 */
export const IMPORT_FILE_MAX_BYTES = 250 * 1024 * 1024;
export const IMPORT_FILE_TOO_BIG = 'Файл больше 250 МБ: разделите его на несколько и загрузите по очереди';
/** A table wider than this is refused (an XLSX of 16 384 columns is a trap, not a client list). */
export const IMPORT_COLUMNS_MAX = 200;
/** Rows shown under each column on the mapping screen. */
export const IMPORT_SAMPLE_ROWS = 5;
/** Bad rows listed in the import's answer (all of them are in the errors file). */
export const IMPORT_ERRORS_SHOWN = 100;
/** The column the errors file adds after the file's own. */
export const IMPORT_ERROR_COLUMN = 'Ошибка';

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * Where an import is: uploaded (columns read, mapping to set) → checking → checked (counts and
 * errors known) → queued (another import of the project runs) → running → done; cancelling →
 * cancelled keeps the batches written; failed says why; undoing → undone removes what it made.
 */
export const IMPORT_STATUSES = [
  'uploaded',
  'checking',
  'checked',
  'queued',
  'running',
  'cancelling',
  'cancelled',
  'done',
  'failed',
  'undoing',
  'undone',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What a column of the file becomes: a client's own value, or a field of the client form. */
export const IMPORT_TARGETS = [
  'name',
  'last_name',
  'amount',
  'traffic',
  'category',
  'manager',
  'note',
  'field',
] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];

export const IMPORT_TARGET_LABELS: Record<Exclude<ImportTarget, 'field'>, string> = {
  name: 'Имя',
  last_name: 'Фамилия',
  amount: 'Сумма',
  traffic: 'Траффик',
  category: 'Категория',
  manager: 'Менеджер (email или имя)',
  note: 'Заметка',
};

/**
 * What happens to a row that duplicates a client (docs/product.md §4.8 "Duplicates"): `skip` it,
 * `fill` the client's empty values from it, `overwrite` the client's values with its non-empty
 * ones, or `create` a new client anyway.
 */
export const IMPORT_DUPLICATE_MODES = ['skip', 'fill', 'overwrite', 'create'] as const;
export type ImportDuplicateMode = (typeof IMPORT_DUPLICATE_MODES)[number];

/** One column's target; a form field names its id. */
export const importColumnTarget = z.discriminatedUnion('target', [
  z.object({ target: z.enum(IMPORT_TARGETS).exclude(['field']) }),
  z.object({ target: z.literal('field'), field_id: bodyId('Поле формы не найдено') }),
]);
export type ImportColumnTarget = z.infer<typeof importColumnTarget>;

/** A column of the file: its place, its header, its first values, and its target (null: ignored). */
export const importColumnSchema = z.object({
  index: z.number().int(),
  title: z.string(),
  samples: z.array(z.string()),
  mapping: importColumnTarget.nullable(),
});
export type ImportColumn = z.infer<typeof importColumnSchema>;

/** A value of a select column that is none of the field's options, and how many rows hold it. */
export const importUnknownOptionSchema = z.object({
  field_id: z.number().int(),
  field_name: z.string(),
  value: z.string(),
  rows: z.number().int(),
  /** The admin's choice; null until made (those rows are errors until then). */
  choice: z.enum(['skip', 'add']).nullable(),
});
export type ImportUnknownOption = z.infer<typeof importUnknownOptionSchema>;

/** A bad row: its number in the file (the header is row 1), the column's title, and why. */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** What a check found, or a run did: rows new, updating a client, duplicates skipped, bad. */
export const importCountsSchema = z.object({
  new: z.number().int(),
  update: z.number().int(),
  duplicate: z.number().int(),
  errors: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const clientImportSchema = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  format: z.enum(IMPORT_FORMATS),
  size: z.number().int(),
  /** CSV: what was detected ('utf-8' or 'windows-1251'; `;`, `,` or a tab). */
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  /** XLSX: its sheets, and the one read. */
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
  columns: z.array(importColumnSchema),
  default_category_id: z.number().int().nullable(),
  default_manager_id: z.number().int().nullable(),
  duplicates: z.enum(IMPORT_DUPLICATE_MODES),
  start_scenarios: z.boolean(),
  unknown_options: z.array(importUnknownOptionSchema),
  /** Rows read so far of `rows_total` (null until a check has counted them). */
  rows_done: z.number().int(),
  rows_total: z.number().int().nullable(),
  /** The check's figures (what a run would do), then the run's (what it did). */
  checked: importCountsSchema.nullable(),
  done: importCountsSchema.nullable(),
  /** The first bad rows (IMPORT_ERRORS_SHOWN); all of them are in the errors file. */
  errors: z.array(importRowErrorSchema),
  /** Why it failed, or why its undo is refused now (null otherwise). */
  problem: z.string().nullable(),
  /** Whether 'Отменить импорт' is offered now. */
  can_undo: z.boolean(),
  created_by: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ClientImport = z.infer<typeof clientImportSchema>;

/** The project's imports, newest first. */
export const clientImportListItemSchema = clientImportSchema.pick({
  id: true,
  status: true,
  file_name: true,
  rows_done: true,
  rows_total: true,
  done: true,
  created_by: true,
  created_at: true,
  finished_at: true,
});
export type ClientImportListItem = z.infer<typeof clientImportListItemSchema>;

export const clientImportParams = z.object({ projectId: idSchema, importId: idSchema });

/**
 * PUT …/client-imports/{id}: the mapping and the choices (before a run only). Every column the
 * file has, each to a target or null; without a category column `default_category_id` is where
 * the clients go (a row whose category cell is empty goes there too); without a manager the
 * importing admin owns them.
 */
export const clientImportUpdateBody = z.object({
  /** XLSX: another sheet to read (its columns are read again, the mapping guessed anew). */
  sheet: plainText().max(200).optional(),
  mapping: z
    .array(z.object({ index: z.number().int().min(0), mapping: importColumnTarget.nullable() }))
    .max(1000)
    .optional(),
  default_category_id: bodyId(CHOOSE_CATEGORY).nullable().optional(),
  default_manager_id: bodyId('Участник проекта не найден').nullable().optional(),
  duplicates: z.enum(IMPORT_DUPLICATE_MODES).optional(),
  start_scenarios: z.boolean().optional(),
  option_choices: z
    .array(
      z.object({ field_id: z.number().int(), value: plainText().max(1000), choice: z.enum(['skip', 'add']) }),
    )
    .max(10_000)
    .optional(),
});
export type ClientImportUpdateBody = z.input<typeof clientImportUpdateBody>;
