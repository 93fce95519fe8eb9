import { z } from 'zod';
import { idSchema, page, pageQuery, plainText } from './common.js';
import { clientSchema } from './clients.js';

// ---- the global client search (docs/product.md §4.8) -----------------------------------------

export const CLIENT_SEARCH_ORDERS = ['name', 'last_name', 'created_at', 'amount'] as const;
export type ClientSearchOrder = (typeof CLIENT_SEARCH_ORDERS)[number];
export const SEARCH_DIRECTIONS = ['asc', 'desc'] as const;
export type SearchDirection = (typeof SEARCH_DIRECTIONS)[number];
export const CLIENT_SEARCH_MAX_LENGTH = 100;
export const CLIENT_SEARCH_PER_PAGE = 20;
/**
 * A search counts at most this many matches: past it `total` is this number and `total_capped`
 * is true ("1000+"), and only the first 50 pages are served. An exact count of a broad word in a
 * large project costs more than the page itself; a person narrows the search instead.
 */
export const CLIENT_SEARCH_COUNT_CAP = 1000;
/** The web waits this long after the last keystroke before it asks. */
export const CLIENT_SEARCH_DEBOUNCE_MS = 300;

const OPTION_NEEDS_FIELD = 'Выберите поле и его вариант';

/**
 * GET /clients/search: the caller's clients (a manager's own, an admin's all) whose name, last
 * name, phone or text fields contain `search` (case-insensitive, Cyrillic and Latin, a substring
 * or a word prefix), filtered and sorted; 20 a page. Without `search` every client matches the
 * filters. `traffic` is '1' (Траффик) or '0' (Фарм); left out means all. `select_id` and
 * `option_id` (a searchable select field and one of its options) go together. `status` keeps the
 * clients whose manager has that status, `manager_id` one member's clients. Default order: created_at desc.
 */
export const clientSearchFilters = z.object({
  search: plainText()
    .trim()
    .max(CLIENT_SEARCH_MAX_LENGTH, `Не более ${CLIENT_SEARCH_MAX_LENGTH} символов`)
    .optional(),
  category_id: idSchema.optional(),
  status: idSchema.optional(),
  /** One member's clients (the manager page); a manager only ever gets his own. */
  manager_id: idSchema.optional(),
  order: z.enum(CLIENT_SEARCH_ORDERS).optional().default('created_at'),
  direction: z.enum(SEARCH_DIRECTIONS).optional().default('desc'),
  traffic: z.enum(['0', '1']).optional(),
  select_id: idSchema.optional(),
  option_id: idSchema.optional(),
});

/** `select_id` and `option_id` go together. */
export const optionWithItsField = (q: { select_id?: number; option_id?: number }) =>
  (q.select_id === undefined) === (q.option_id === undefined);
export const OPTION_WITH_ITS_FIELD = { message: OPTION_NEEDS_FIELD, path: ['option_id'] };

export const clientSearchQuery = pageQuery
  .extend(clientSearchFilters.shape)
  .refine(optionWithItsField, OPTION_WITH_ITS_FIELD);
export type ClientSearchQuery = z.input<typeof clientSearchQuery>;

/** A page of the clients found; `total_capped`: more than CLIENT_SEARCH_COUNT_CAP matched. */
export const clientSearchPage = page(clientSchema).extend({ total_capped: z.boolean() });
export type ClientSearchPage = z.infer<typeof clientSearchPage>;
