import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ClientListBaseColumn, SearchDirection } from '@crm/contract';
import type { Db, Dialect } from '../../db/database.js';
import { clientColumns, clientsWithOwner } from '../clients.repository.js';
import { searchConditions, type ClientSearch } from '../search/search.repository.js';
import '../clients.tables.js';
import '../categories/categories.tables.js';
import '../form/form.tables.js';

/** What a list is sorted by: one of the client's columns, or a form field (a select by its options' order). */
export type ListSort = { column: ClientListBaseColumn } | { fieldId: number; type: 'select' | 'value' };

/** Where a page ended: the last row's sort key and id (the next page starts after them). */
export type ListCursor = { key: string | number; id: number };

/**
 * The sort key of a client, never null (a client without a value sorts as '' or -1). A field's
 * key is a probe of the (client, field) unique index per client, read for the filtered clients
 * only; names sort by their folded forms, as the search does.
 */
function sortKey(sort: ListSort): RawBuilder<string | number> {
  if ('fieldId' in sort) {
    return sort.type === 'select'
      ? sql`coalesce((select o.position from client_field_values sv
          inner join client_form_field_options o on o.field_id = ${sort.fieldId} and cast(o.id as text) = sv.value
          where sv.client_id = c.id and sv.field_id = ${sort.fieldId}), -1)`
      : sql`coalesce((select sv.value from client_field_values sv
          where sv.client_id = c.id and sv.field_id = ${sort.fieldId}), '')`;
  }
  switch (sort.column) {
    case 'name':
      return sql`c.name_key`;
    case 'last_name':
      return sql`c.last_name_key`;
    case 'category':
      return sql`(select cat.position from client_categories cat where cat.id = c.category_id)`;
    case 'manager':
      return sql`u.name`;
    default:
      return sql.ref(`c.${sort.column}`);
  }
}

/** The next `limit` clients the search finds after `after`, in the asked order, the id breaking ties. */
export function listedClientRows(
  db: Db,
  dialect: Dialect,
  s: ClientSearch,
  order: { sort: ListSort; direction: SearchDirection },
  after: ListCursor | null,
  limit: number,
) {
  const key = sortKey(order.sort);
  let query = clientsWithOwner(db).select([...clientColumns, key.as('order_key')]);
  for (const condition of searchConditions(dialect, s)) query = query.where(condition);
  if (after) {
    const past = sql.raw(order.direction === 'asc' ? '>' : '<');
    query = query.where(sql<SqlBool>`(${key}, c.id) ${past} (${after.key}, ${after.id})`);
  }
  return query
    .orderBy(sql`order_key`, order.direction)
    .orderBy('c.id', order.direction)
    .limit(limit)
    .execute();
}

/** How many clients the search finds (every one: "select all N" acts on exactly them). */
export async function countListedClients(db: Db, dialect: Dialect, s: ClientSearch) {
  let query = db.selectFrom('clients as c').select((eb) => eb.fn.countAll<number>().as('n'));
  for (const condition of searchConditions(dialect, s)) query = query.where(condition);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Each category's clients and the sum of their amounts, among those the search finds. */
export async function columnTotals(db: Db, dialect: Dialect, s: ClientSearch) {
  let query = db
    .selectFrom('clients as c')
    .select((eb) => [
      'c.category_id',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('c.amount').as('amount'),
    ]);
  for (const condition of searchConditions(dialect, s)) query = query.where(condition);
  const rows = await query.groupBy('c.category_id').execute();
  return rows.map((r) => ({
    category_id: r.category_id,
    clients: Number(r.n),
    amount: Number(r.amount ?? 0),
  }));
}

/** A field of the project's form, with its type (a list sorts by it). */
export const findFormFieldType = (db: Db, projectId: number, fieldId: number) =>
  db
    .selectFrom('client_form_fields')
    .select(['id', 'type'])
    .where('project_id', '=', projectId)
    .where('id', '=', fieldId)
    .executeTakeFirst();
