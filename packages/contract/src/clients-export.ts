import { z } from 'zod';
import { DAYS_IN_ORDER, dateParam, daysInOrder } from './clients.js';
import { clientSearchFilters, OPTION_WITH_ITS_FIELD, optionWithItsField } from './clients-search.js';
import type { FileFormat } from './endpoint.js';

// ---- the client export (docs/product.md §4.8 "Export") ---------------------------------------

export const CLIENT_EXPORT_FORMATS = ['xlsx', 'csv'] as const satisfies readonly FileFormat[];
/** Chosen clients one export takes by number (their ids fit in an address). */
export const CLIENT_EXPORT_IDS_MAX = 1000;
export const EXPORT_IDS_INVALID = 'Выбранные клиенты: номера через запятую';
export const EXPORT_IDS_TOO_MANY = `Выгрузить можно не более ${CLIENT_EXPORT_IDS_MAX} выбранных клиентов; выберите «все по фильтру»`;

/**
 * GET /clients/export: the clients a list shows — the search's filters and order, and the board's
 * days of creation (`from`, `to`, the project's time zone) — as one file, every client, no cap;
 * or only the chosen ones (`ids`). A manager gets only his own.
 */
export const clientExportQuery = clientSearchFilters
  .extend({
    from: dateParam.optional(),
    to: dateParam.optional(),
    /** Only these clients (a hand-made selection), `1,2,3`; the filters still apply. */
    ids: z
      .string()
      .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14})*$/, { error: EXPORT_IDS_INVALID })
      .transform((text) => text.split(',').map(Number))
      .pipe(z.array(z.number()).max(CLIENT_EXPORT_IDS_MAX, { error: EXPORT_IDS_TOO_MANY }))
      .optional(),
    format: z
      .enum(CLIENT_EXPORT_FORMATS, { error: 'Выберите формат: xlsx или csv' })
      .optional()
      .default('xlsx'),
  })
  .refine(optionWithItsField, OPTION_WITH_ITS_FIELD)
  .refine(daysInOrder, DAYS_IN_ORDER);
export type ClientExportQuery = z.input<typeof clientExportQuery>;

/**
 * The export's own columns, before the form's fields (each under its name). The import reads
 * these titles back, so a file exported here imports without mapping.
 */
export const CLIENT_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Имя',
  last_name: 'Фамилия',
  category: 'Категория',
  manager: 'Менеджер',
  amount: 'Сумма',
  traffic: 'Траффик',
  created_at: 'Создан',
} as const;

/** The 'Траффик' checkbox in a file: 'Да' or 'Нет'. */
export const YES_NO = { yes: 'Да', no: 'Нет' } as const;
