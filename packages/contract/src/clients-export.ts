import { z } from 'zod';
import { DAYS_IN_ORDER, dateParam, daysInOrder } from './clients.js';
import { clientSearchFilters, OPTION_WITH_ITS_FIELD, optionWithItsField } from './clients-search.js';
import type { FileFormat } from './endpoint.js';

// ---- the client export (docs/product.md §4.8 "Export") ---------------------------------------

export const CLIENT_EXPORT_FORMATS = ['xlsx', 'csv'] as const satisfies readonly FileFormat[];

/**
 * GET /clients/export: the clients a list shows — the search's filters and order, and the board's
 * days of creation (`from`, `to`, the project's time zone) — as one file, every client, no cap.
 * A manager gets only his own.
 */
export const clientExportQuery = clientSearchFilters
  .extend({
    from: dateParam.optional(),
    to: dateParam.optional(),
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
