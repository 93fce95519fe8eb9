import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ClientSearchOrder, SearchDirection } from '@crm/contract';
import type { Db, Dialect } from '../../db/database.js';
import { clientColumns, clientsWithOwner } from '../clients.repository.js';
import { clientSearchText, foldText, type SearchTerms } from './search.text.js';
import '../clients.tables.js';
import '../form/form.tables.js';

const REFRESH_BATCH = 500;

/**
 * Rewrites the clients' folded name, last name and search text from their rows and values;
 * called in the transaction that changed them (on SQLite a trigger carries the text into the
 * FTS index).
 */
export async function refreshClientSearch(db: Db, clientIds: readonly number[]) {
  const ids = [...new Set(clientIds)];
  for (let i = 0; i < ids.length; i += REFRESH_BATCH) {
    const batch = ids.slice(i, i + REFRESH_BATCH);
    const [clients, values] = await Promise.all([
      db.selectFrom('clients').select(['id', 'name', 'last_name']).where('id', 'in', batch).execute(),
      db
        .selectFrom('client_field_values as v')
        .innerJoin('client_form_fields as f', 'f.id', 'v.field_id')
        .select(['v.client_id', 'f.type', 'v.value'])
        .where('v.client_id', 'in', batch)
        .where('f.type', '!=', 'select')
        .orderBy('v.id')
        .execute(),
    ]);
    const valuesOf = new Map<number, typeof values>();
    for (const v of values) valuesOf.set(v.client_id, [...(valuesOf.get(v.client_id) ?? []), v]);
    for (const c of clients) {
      await db
        .updateTable('clients')
        .set({
          name_key: foldText(c.name),
          last_name_key: foldText(c.last_name),
          search_text: clientSearchText(c, valuesOf.get(c.id) ?? []),
        })
        .where('id', '=', c.id)
        .execute();
    }
  }
}

/** The clients holding a value of one of these fields (whose search text a field change alters). */
export const clientsWithValuesOf = async (db: Db, projectId: number, fieldIds: readonly number[]) => {
  if (fieldIds.length === 0) return [];
  const rows = await db
    .selectFrom('client_field_values')
    .select('client_id')
    .distinct()
    .where('project_id', '=', projectId)
    .where('field_id', 'in', fieldIds)
    .execute();
  return rows.map((r) => r.client_id);
};

export type ClientSearch = {
  projectId: number;
  /** A manager's own clients only; null: all of the project. */
  scope: number | null;
  terms: SearchTerms | null;
  categoryId?: number;
  /** Clients whose manager has this status. */
  statusId?: number;
  managerId?: number;
  traffic?: 0 | 1;
  option?: { fieldId: number; optionId: number };
  /** Created at or after / before (ISO UTC): the board's days. */
  createdFrom?: string;
  createdTo?: string;
  /** Only these clients (an export of a selection). */
  ids?: number[];
  order: ClientSearchOrder;
  direction: SearchDirection;
};

/** LIKE's own characters taken literally (backslash is the escape on both databases here). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Above every character: `key >= p and key < p + MAX` is "key starts with p" in binary order. */
const MAX_CHAR = '\u{10FFFF}';

/**
 * How SQLite finds a page: `gather` the matches through the word indexes (FTS, name b-trees)
 * and sort them, or `walk` the index of the asked order and test each client (`+` keeps SQLite
 * off the word indexes), which stops at the page's end: far less work when matches are many.
 * PostgreSQL's planner weighs this itself.
 */
export type SqliteWay = 'gather' | 'walk';

/** A word of 1–2 letters: the start of the name or of the last name (b-tree ranges, no trigram). */
function prefixCondition(dialect: Dialect, prefix: string, way: SqliteWay): RawBuilder<SqlBool> {
  if (dialect === 'postgres') {
    const pattern = `${escapeLike(prefix)}%`;
    return sql<SqlBool>`(c.name_key like ${pattern} or c.last_name_key like ${pattern})`;
  }
  const end = prefix + MAX_CHAR;
  const [name, lastName] =
    way === 'walk' ? [sql`+c.name_key`, sql`+c.last_name_key`] : [sql`c.name_key`, sql`c.last_name_key`];
  return sql<SqlBool>`((${name} >= ${prefix} and ${name} < ${end}) or (${lastName} >= ${prefix} and ${lastName} < ${end}))`;
}

/** Words of 3+ characters: substrings of the search text, found through the trigram index. */
function substringConditions(dialect: Dialect, substrings: string[], way: SqliteWay): RawBuilder<SqlBool>[] {
  if (substrings.length === 0) return [];
  if (dialect === 'postgres') {
    return substrings.map((s) => sql<SqlBool>`c.search_text like ${`%${escapeLike(s)}%`}`);
  }
  // FTS5 trigram: a quoted phrase matches as a substring; every word must be there.
  const match = substrings.map((s) => `"${s.replaceAll('"', '""')}"`).join(' AND ');
  const id = way === 'walk' ? sql`+c.id` : sql`c.id`;
  return [sql<SqlBool>`${id} in (select rowid from clients_search where clients_search match ${match})`];
}

/** The search's filters as conditions on `clients as c` (the list and bulk actions share them). */
export function searchConditions(
  dialect: Dialect,
  s: ClientSearch,
  way: SqliteWay = 'gather',
): RawBuilder<SqlBool>[] {
  const where = [sql<SqlBool>`c.project_id = ${s.projectId}`];
  if (s.scope !== null) where.push(sql<SqlBool>`c.manager_id = ${s.scope}`);
  if (s.managerId !== undefined) where.push(sql<SqlBool>`c.manager_id = ${s.managerId}`);
  if (s.categoryId !== undefined) where.push(sql<SqlBool>`c.category_id = ${s.categoryId}`);
  if (s.traffic !== undefined) where.push(sql<SqlBool>`c.traffic = ${s.traffic}`);
  if (s.createdFrom !== undefined) where.push(sql<SqlBool>`c.created_at >= ${s.createdFrom}`);
  if (s.createdTo !== undefined) where.push(sql<SqlBool>`c.created_at < ${s.createdTo}`);
  if (s.ids) where.push(sql<SqlBool>`c.id in (${sql.join(s.ids)})`);
  if (s.statusId !== undefined) {
    where.push(sql<SqlBool>`c.manager_id in (select m.user_id from project_members m
      where m.project_id = ${s.projectId} and m.status_id = ${s.statusId})`);
  }
  if (s.option) {
    // One index probe per client. On SQLite `+c.id` keeps the planner from copying a word's
    // `c.id in (FTS matches)` into this subquery, which probed every match for every client
    // (minutes at a million clients).
    const id = dialect === 'sqlite' ? sql`+c.id` : sql`c.id`;
    const value = String(s.option.optionId);
    // PostgreSQL indexes a value's first 200 characters (migration 2026_11_30_1400).
    const indexed = dialect === 'postgres' ? sql` and substr(v.value, 1, 200) = ${value}` : sql``;
    where.push(sql<SqlBool>`exists (select 1 from client_field_values v
      where v.client_id = ${id} and v.field_id = ${s.option.fieldId} and v.value = ${value}${indexed})`);
  }
  if (s.terms) {
    where.push(...substringConditions(dialect, s.terms.substrings, way));
    for (const prefix of s.terms.prefixes) where.push(prefixCondition(dialect, prefix, way));
  }
  return where;
}

const ORDER_COLUMN = {
  name: 'c.name_key',
  last_name: 'c.last_name_key',
  created_at: 'c.created_at',
  amount: 'c.amount',
} as const satisfies Record<ClientSearchOrder, string>;

/** One page of the clients found (with their owners' names), in the asked order, the id breaking ties. */
export function searchClientRows(
  db: Db,
  dialect: Dialect,
  s: ClientSearch,
  page: { limit: number; offset: number; way: SqliteWay },
) {
  let query = clientsWithOwner(db).select(clientColumns);
  for (const condition of searchConditions(dialect, s, page.way)) query = query.where(condition);
  return query
    .orderBy(ORDER_COLUMN[s.order], s.direction)
    .orderBy('c.id', s.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Where a keyset read stopped: the last row's order key and id. */
export type SearchCursor = { key: string | number; id: number };

/**
 * The next `limit` clients found after `after`, in the asked order (keyset: an export reads every
 * match without offsets, each batch an index range). Each row carries its `order_key`.
 */
export function nextSearchedClients(
  db: Db,
  dialect: Dialect,
  s: ClientSearch,
  after: SearchCursor | null,
  limit: number,
) {
  const column = sql.raw(ORDER_COLUMN[s.order]);
  let query = clientsWithOwner(db).select([
    ...clientColumns,
    sql<string | number>`${column}`.as('order_key'),
  ]);
  for (const condition of searchConditions(dialect, s)) query = query.where(condition);
  if (after) {
    const past = sql.raw(s.direction === 'asc' ? '>' : '<');
    query = query.where(sql<SqlBool>`(${column}, c.id) ${past} (${after.key}, ${after.id})`);
  }
  return query
    .orderBy(ORDER_COLUMN[s.order], s.direction)
    .orderBy('c.id', s.direction)
    .limit(limit)
    .execute();
}

/**
 * SQLite: the matching clients' ids with their order key, at most `upTo + 1` of them, in no
 * order: the one pass over the matches that counts them also yields the page when they are few
 * (sorted by `sortMatches`), instead of a count and a second pass.
 */
export async function searchedClientKeys(db: Db, s: ClientSearch, upTo: number) {
  let matches = db
    .selectFrom('clients as c')
    .select(['c.id', sql<string | number>`${sql.raw(ORDER_COLUMN[s.order])}`.as('key')]);
  for (const condition of searchConditions('sqlite', s)) matches = matches.where(condition);
  return matches.limit(upTo + 1).execute();
}

/** SQLite's order (BINARY: UTF-8 bytes, numbers as numbers), the id breaking ties. */
export function sortMatches(matches: { id: number; key: string | number }[], direction: SearchDirection) {
  const sign = direction === 'asc' ? 1 : -1;
  const byKey = (a: string | number, b: string | number) =>
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));
  return [...matches].sort((a, b) => sign * (byKey(a.key, b.key) || a.id - b.id));
}

/** These clients (with their owners' names), in the order of `ids`. */
export async function clientRowsByIds(db: Db, projectId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await clientsWithOwner(db)
    .select(clientColumns)
    .where('c.project_id', '=', projectId)
    .where('c.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many clients match, counting no further than `upTo + 1` (enough to tell "more than upTo"). */
export async function countSearchedClients(db: Db, dialect: Dialect, s: ClientSearch, upTo: number) {
  let matches = db.selectFrom('clients as c').select(sql<number>`1`.as('one'));
  for (const condition of searchConditions(dialect, s)) matches = matches.where(condition);
  const counted = await db
    .selectFrom(matches.limit(upTo + 1).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** A select field of the project's form marked searchable, with its options' ids. */
export async function findSearchableSelect(db: Db, projectId: number, fieldId: number) {
  const field = await db
    .selectFrom('client_form_fields')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '=', fieldId)
    .where('type', '=', 'select')
    .where('is_searchable', '=', 1)
    .executeTakeFirst();
  if (!field) return null;
  const options = await db
    .selectFrom('client_form_field_options')
    .select('id')
    .where('field_id', '=', fieldId)
    .execute();
  return { id: field.id, optionIds: new Set(options.map((o) => o.id)) };
}
