import { z } from 'zod';
import { idSchema, pageQuery, plainText, requiredText } from './common.js';
import { clientSchema, DAYS_IN_ORDER, dateParam, daysInOrder } from './clients.js';
import {
  clientSearchFilters,
  OPTION_WITH_ITS_FIELD,
  optionWithItsField,
  SEARCH_DIRECTIONS,
} from './clients-search.js';

// ---- the list view of clients and saved views (docs/product.md §4.8 "List view") -------------

/** The client's own columns a list may show and sort by; a form field is `field:<id>`. */
export const CLIENT_LIST_BASE_COLUMNS = [
  'name',
  'last_name',
  'category',
  'manager',
  'amount',
  'traffic',
  'created_at',
  'updated_at',
] as const;
export type ClientListBaseColumn = (typeof CLIENT_LIST_BASE_COLUMNS)[number];
export type ClientListColumn = ClientListBaseColumn | `field:${number}`;

export const CLIENT_LIST_COLUMN_TITLES: Record<ClientListBaseColumn, string> = {
  name: 'Имя',
  last_name: 'Фамилия',
  category: 'Категория',
  manager: 'Менеджер',
  amount: 'Сумма',
  traffic: 'Траффик',
  created_at: 'Создан',
  updated_at: 'Изменён',
};

/** A page of the list: rows fetched per request as the table scrolls. */
export const CLIENT_LIST_PER_PAGE = 50;
/** Columns a view may hold (the form's fields bound it in practice). */
export const CLIENT_LIST_COLUMNS_MAX = 100;

const COLUMN_UNKNOWN = 'Неизвестная колонка';
const FIELD_COLUMN = /^field:[1-9][0-9]{0,14}$/;

export const isClientListColumn = (text: string): text is ClientListColumn =>
  (CLIENT_LIST_BASE_COLUMNS as readonly string[]).includes(text) || FIELD_COLUMN.test(text);

/** The form field a column shows, or null for a base column. */
export const fieldOfColumn = (column: ClientListColumn): number | null =>
  column.startsWith('field:') ? Number(column.slice('field:'.length)) : null;

export const clientListColumn = z
  .string({ error: COLUMN_UNKNOWN })
  .refine(isClientListColumn, COLUMN_UNKNOWN)
  .transform((c) => c as ClientListColumn);

/**
 * What a list (and the board) is filtered by: the search modal's filters (words, stage, status,
 * manager, traffic, a select's option) and the days of creation `from`–`to` (the project's time
 * zone, inclusive). A manager only ever sees his own clients whatever `manager_id` says.
 */
export const clientListFilterShape = clientSearchFilters
  .omit({ order: true, direction: true })
  .extend({ from: dateParam.optional(), to: dateParam.optional() });
export const clientListFilters = clientListFilterShape
  .refine(optionWithItsField, OPTION_WITH_ITS_FIELD)
  .refine(daysInOrder, DAYS_IN_ORDER);
export type ClientListFilters = z.input<typeof clientListFilters>;

/**
 * GET /clients: one category's clients (all categories without it), created between `from` and
 * `to` inclusive (days in the project's time zone), of one `manager` (admins), newest first, 20 a
 * page. The board under a saved view also sends the view's search filters (words, status,
 * traffic, a select's option: the search modal's names).
 */
export const clientsQuery = pageQuery
  .extend({
    category: idSchema.optional(),
    from: dateParam.optional(),
    to: dateParam.optional(),
    /** Admins: one member's clients (the board's manager filter); a manager gets his own anyway. */
    manager: idSchema.optional(),
    ...clientSearchFilters.pick({
      search: true,
      status: true,
      traffic: true,
      select_id: true,
      option_id: true,
    }).shape,
  })
  .refine(optionWithItsField, OPTION_WITH_ITS_FIELD)
  .refine(daysInOrder, DAYS_IN_ORDER);
export type ClientsQuery = z.input<typeof clientsQuery>;

/**
 * GET /clients/list: a page of the filtered clients in the asked order (`sort` a base column or
 * `field:<id>`, the id breaking ties), the next page asked with the answer's `next_cursor`.
 */
export const clientListQuery = clientListFilterShape
  .extend({
    sort: clientListColumn.optional().default('created_at'),
    direction: z.enum(SEARCH_DIRECTIONS).optional().default('desc'),
    cursor: plainText().max(1000).optional(),
  })
  .refine(optionWithItsField, OPTION_WITH_ITS_FIELD)
  .refine(daysInOrder, DAYS_IN_ORDER);
export type ClientListQuery = z.input<typeof clientListQuery>;

/** A page of the list; `total` (every match, exactly) comes with the first page only, null after. */
export const clientListPage = z.object({
  data: z.array(clientSchema),
  next_cursor: z.string().nullable(),
  total: z.number().int().nullable(),
});
export type ClientListPage = z.infer<typeof clientListPage>;

/** GET /clients/column-totals: the board's filters; each category's clients and the sum of their amounts. */
export const clientColumnTotalsQuery = clientListFilters;
export const clientColumnTotalSchema = z.object({
  category_id: z.number().int(),
  clients: z.number().int(),
  amount: z.number(),
});
export type ClientColumnTotal = z.infer<typeof clientColumnTotalSchema>;

// ---- saved views -----------------------------------------------------------------------------

export const CLIENT_VIEW_NOT_FOUND = 'Вид не найден';
export const ONLY_ADMINS_SHARE_VIEWS = 'Делиться видом с командой может только администратор';
export const ONLY_ADMINS_EDIT_SHARED_VIEWS = 'Общий вид меняет только администратор';

/** A view's filters as stored and answered: ids as numbers, days as YYYY-MM-DD. */
export const clientViewFilters = clientListFilters;
export type ClientViewFilters = z.output<typeof clientViewFilters>;

export const clientViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Shared with the whole team (made by an admin); else private to its owner. */
  shared: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  filters: z.record(z.string(), z.unknown()),
  columns: z.array(z.string()),
  sort: z.string(),
  direction: z.enum(SEARCH_DIRECTIONS),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientView = z.infer<typeof clientViewSchema>;

export const clientViewParams = z.object({ projectId: idSchema, id: idSchema });

/** A view: its name, filters, columns and sort; `shared` only by an admin. */
export const clientViewBody = z.object({
  name: requiredText(100),
  shared: z.boolean().optional().default(false),
  filters: clientViewFilters.optional().default({}),
  columns: z.array(clientListColumn).max(CLIENT_LIST_COLUMNS_MAX).optional().default([]),
  sort: clientListColumn.optional().default('created_at'),
  direction: z.enum(SEARCH_DIRECTIONS).optional().default('desc'),
});
export type ClientViewBody = z.input<typeof clientViewBody>;
