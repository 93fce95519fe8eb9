import {
  CLIENT_SEARCH_COUNT_CAP,
  CLIENT_SEARCH_PER_PAGE,
  type ClientSearchPage,
  type clientSearchFilters,
  type clientSearchQuery,
} from '@crm/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { invalidField } from '../../http/app-error.js';
import { ownScope, type MemberActor } from '../../http/actor.js';
import { clientsPage } from '../clients.service.js';
import {
  clientRowsByIds,
  countSearchedClients,
  searchedClientKeys,
  sortMatches,
  findSearchableSelect,
  searchClientRows,
  type ClientSearch,
} from './search.repository.js';
import { searchTerms } from './search.text.js';

/**
 * From this many matches on, SQLite walks the order's index rather than sorting every match
 * (see SqliteWay): a 1 in 100 match rate or denser in a project of 100 000 clients, where the
 * walk reads a few hundred entries instead of sorting a thousand rows or more. Equal to the
 * count's cap, so one count bounded there answers both questions.
 */
const MANY_MATCHES = 1000;

const SELECT_NOT_SEARCHABLE = 'Поле не найдено или по нему нельзя искать';
const OPTION_404 = 'Вариант не найден';

/**
 * The search a list's filters ask for, in the caller's reach (a manager's own clients); an
 * option filter names a searchable select of the project and one of its options, or 422.
 * `created`: the board's days of creation, as UTC bounds.
 */
export async function clientSearchOf(
  db: Db,
  caller: MemberActor,
  filters: z.output<typeof clientSearchFilters>,
  created: { from?: string; to?: string } = {},
): Promise<ClientSearch> {
  let option: ClientSearch['option'];
  if (filters.select_id !== undefined && filters.option_id !== undefined) {
    const field = await findSearchableSelect(db, caller.projectId, filters.select_id);
    if (!field) throw invalidField('select_id', SELECT_NOT_SEARCHABLE);
    if (!field.optionIds.has(filters.option_id)) throw invalidField('option_id', OPTION_404);
    option = { fieldId: field.id, optionId: filters.option_id };
  }
  return {
    projectId: caller.projectId,
    scope: ownScope(caller),
    terms: searchTerms(filters.search),
    categoryId: filters.category_id,
    statusId: filters.status,
    managerId: filters.manager_id,
    traffic: filters.traffic === undefined ? undefined : filters.traffic === '1' ? 1 : 0,
    option,
    createdFrom: created.from,
    createdTo: created.to,
    order: filters.order,
    direction: filters.direction,
  };
}

/**
 * GET /clients/search: the caller's clients (a manager's own) matching the words and filters,
 * a page of 20 in the asked order. Words of 3+ characters are substrings of the name, last
 * name, text values or phone digits (trigram index); shorter ones start the name or the last
 * name (b-tree), so no query reads every client.
 */
export async function searchClients(
  { db, dialect }: AppDeps,
  caller: MemberActor,
  query: z.output<typeof clientSearchQuery>,
): Promise<ClientSearchPage> {
  const search = await clientSearchOf(db, caller, query);
  const upTo = Math.max(CLIENT_SEARCH_COUNT_CAP, MANY_MATCHES);
  const offset = (query.page - 1) * CLIENT_SEARCH_PER_PAGE;
  let counted: number;
  let rows: Awaited<ReturnType<typeof searchClientRows>> = [];
  if (dialect === 'sqlite') {
    const keys = await searchedClientKeys(db, search, upTo);
    counted = keys.length;
    if (counted < MANY_MATCHES) {
      // Few: the counting pass already holds every match; sort them here and read the page's rows.
      const ids = sortMatches(keys, search.direction)
        .slice(offset, offset + CLIENT_SEARCH_PER_PAGE)
        .map((m) => m.id);
      rows = await clientRowsByIds(db, search.projectId, ids);
    } else if (offset < CLIENT_SEARCH_COUNT_CAP) {
      rows = await searchClientRows(db, dialect, search, {
        limit: CLIENT_SEARCH_PER_PAGE,
        offset,
        way: 'walk',
      });
    }
  } else {
    counted = await countSearchedClients(db, dialect, search, upTo);
    if (offset < Math.min(counted, CLIENT_SEARCH_COUNT_CAP)) {
      rows = await searchClientRows(db, dialect, search, {
        limit: CLIENT_SEARCH_PER_PAGE,
        offset,
        way: 'gather',
      });
    }
  }
  const total = Math.min(counted, CLIENT_SEARCH_COUNT_CAP);
  const page = await clientsPage(db, rows, { page: query.page, perPage: CLIENT_SEARCH_PER_PAGE, total });
  return { ...page, total_capped: counted > CLIENT_SEARCH_COUNT_CAP };
}
