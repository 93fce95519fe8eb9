import {
  CLIENT_LIST_PER_PAGE,
  endOfDay,
  fieldOfColumn,
  startOfDay,
  type ClientColumnTotal,
  type ClientListColumn,
  type ClientListPage,
  type clientListFilters,
  type clientListQuery,
  type clientsQuery,
  CLIENTS_PER_PAGE,
  type Client,
  type Page,
  type SearchDirection,
} from '@crm/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { invalidField } from '../../http/app-error.js';
import type { MemberActor } from '../../http/actor.js';
import { clientsPage } from '../clients.service.js';
import { searchClientRows, type ClientSearch } from '../search/search.repository.js';
import { clientSearchOf } from '../search/search.service.js';
import { keptColumnTotals } from './totals.repository.js';
import {
  columnTotals,
  countListedClients,
  findFormFieldType,
  listedClientRows,
  type ListCursor,
  type ListSort,
} from './list.repository.js';

const FIELD_404 = 'Поле формы не найдено';
const CURSOR_STALE = 'Список изменился: откройте его заново';

/**
 * The search a list's (or the board's, or a bulk action's) filters ask for, in the caller's reach:
 * the search modal's filters and the days of creation in the project's time zone.
 */
export function listSearchOf(
  db: Db,
  caller: MemberActor,
  filters: z.output<typeof clientListFilters>,
): Promise<ClientSearch> {
  const zone = caller.timezone;
  return clientSearchOf(
    db,
    caller,
    { ...filters, order: 'created_at', direction: 'desc' },
    {
      from: filters.from ? startOfDay(filters.from, zone).toISOString() : undefined,
      to: filters.to ? endOfDay(filters.to, zone).toISOString() : undefined,
    },
  );
}

async function listSortOf(db: Db, projectId: number, column: ClientListColumn): Promise<ListSort> {
  const fieldId = fieldOfColumn(column);
  if (fieldId === null) return { column: column as Exclude<ClientListColumn, `field:${number}`> };
  const field = await findFormFieldType(db, projectId, fieldId);
  if (!field) throw invalidField('sort', FIELD_404);
  return { fieldId, type: field.type === 'select' ? 'select' : 'value' };
}

/**
 * The cursor names the order it was made in, so a page asked in another order is refused rather
 * than started from a key of another kind.
 */
const encodeCursor = (sort: string, direction: SearchDirection, at: ListCursor) =>
  Buffer.from(JSON.stringify([sort, direction, at.key, at.id])).toString('base64url');

function decodeCursor(text: string, sort: string, direction: SearchDirection): ListCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 4) {
      const [s, d, key, id] = parsed as unknown[];
      const keyOk = typeof key === 'string' || (typeof key === 'number' && Number.isFinite(key));
      if (s === sort && d === direction && keyOk && Number.isSafeInteger(id)) {
        return { key: key as string | number, id: id as number };
      }
    }
  } catch {
    // Not ours: refused below.
  }
  throw invalidField('cursor', CURSOR_STALE);
}

/**
 * GET /clients/list: a page of the caller's clients (a manager's own) that the filters find, in
 * the asked order, read after the cursor (keyset: every page is an index range or a sort of the
 * filtered clients, never an offset). The first page says how many match.
 */
export async function listClients(
  { db, dialect }: AppDeps,
  caller: MemberActor,
  query: z.output<typeof clientListQuery>,
): Promise<ClientListPage> {
  const [search, sort] = await Promise.all([
    listSearchOf(db, caller, query),
    listSortOf(db, caller.projectId, query.sort),
  ]);
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, query.direction) : null;
  const order = { sort, direction: query.direction };
  const [rows, total] = await Promise.all([
    listedClientRows(db, dialect, search, order, after, CLIENT_LIST_PER_PAGE + 1),
    after ? null : countListedClients(db, dialect, search),
  ]);
  const more = rows.length > CLIENT_LIST_PER_PAGE;
  const shown = rows.slice(0, CLIENT_LIST_PER_PAGE);
  const last = shown.at(-1);
  const page = await clientsPage(db, shown, { page: 1, perPage: CLIENT_LIST_PER_PAGE, total: 0 });
  return {
    data: page.data,
    next_cursor:
      more && last ? encodeCursor(query.sort, query.direction, { key: last.order_key, id: last.id }) : null,
    total,
  };
}

/** GET /clients/column-totals: each stage's clients and amounts under the board's filters. */
export async function listColumnTotals(
  { db, dialect }: AppDeps,
  caller: MemberActor,
  query: z.output<typeof clientListFilters>,
): Promise<ClientColumnTotal[]> {
  const search = await listSearchOf(db, caller, query);
  if (!narrowed(search)) {
    // The whole board (an admin's, or one manager's): the totals kept as clients change.
    if (search.scope !== null && search.managerId !== undefined && search.scope !== search.managerId)
      return [];
    return keptColumnTotals(db, caller.projectId, search.scope ?? search.managerId ?? null);
  }
  return columnTotals(db, dialect, search);
}

/** Whether a search narrows the clients past their project, their manager and his own scope. */
const narrowed = (s: ClientSearch) =>
  s.terms !== null ||
  [s.categoryId, s.statusId, s.traffic, s.option, s.createdFrom, s.createdTo, s.ids].some(
    (v) => v !== undefined,
  );

/** The board's column asks with a saved view's search filters (words, status, traffic, an option). */
export const hasSearchFilters = (query: z.output<typeof clientsQuery>) =>
  [query.search, query.status, query.traffic, query.select_id, query.option_id].some((v) => v !== undefined);

/**
 * GET /clients under a saved view: a board column's page (20, newest first) of the clients the
 * view's filters find, with the board's stage, days and manager.
 */
export async function listFoundClientPage(
  { db, dialect }: AppDeps,
  caller: MemberActor,
  query: z.output<typeof clientsQuery>,
): Promise<Page<Client>> {
  const search = await listSearchOf(db, caller, {
    ...query,
    category_id: query.category,
    manager_id: query.manager,
  });
  const [rows, total] = await Promise.all([
    searchClientRows(db, dialect, search, {
      limit: CLIENTS_PER_PAGE,
      offset: (query.page - 1) * CLIENTS_PER_PAGE,
      way: 'walk',
    }),
    countListedClients(db, dialect, search),
  ]);
  return clientsPage(db, rows, { page: query.page, perPage: CLIENTS_PER_PAGE, total });
}
