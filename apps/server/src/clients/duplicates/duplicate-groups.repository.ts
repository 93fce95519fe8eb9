import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import '../clients.tables.js';
import './duplicates.tables.js';

/** The ids of a group, ascending, as one text ('3,17,42'): two groups are the same when it is. */
const idList = (dialect: Dialect, column: 'client_id' | 'id'): RawBuilder<string> =>
  dialect === 'postgres'
    ? sql<string>`string_agg(${sql.ref(column)}::text, ',' order by ${sql.ref(column)})`
    : sql<string>`group_concat(${sql.ref(column)}, ',' order by ${sql.ref(column)})`;

/**
 * The project's duplicate groups (docs/product.md, "Duplicates"), a page of them: first the
 * clients that share a contact key (one group per set of clients, however many keys they share),
 * then the namesakes (a possible duplicate) unless exactly those clients already share a contact;
 * newest group first within each. Both come from passes over an index grouped by its key
 * (`client_contacts_project_key_idx`, `clients_project_full_name_idx`), never a pair of clients
 * compared with every other. `total` is the number of groups.
 */
export async function duplicateGroupRows(
  db: Db,
  dialect: Dialect,
  projectId: number,
  limit: number,
  offset: number,
) {
  // The groups, as a table the two reads below (a page, a count) select from. The keys (names)
  // two clients share are found first: listing every key's clients costs a sort per key.
  const grouped = (select: RawBuilder<unknown>) => sql`
    with shared_keys as (
      select key from client_contacts where project_id = ${projectId}
      group by key having min(client_id) < max(client_id)
    ), keyed as (
      select ${idList(dialect, 'client_id')} as members, max(client_id) as newest
      from (
        select distinct key, client_id from client_contacts
        where project_id = ${projectId} and key in (select key from shared_keys)
      ) pairs
      group by key
    ), contact_groups as (
      select members, max(newest) as newest from keyed group by members
    ), shared_names as (
      select last_name_key, name_key from clients
      where project_id = ${projectId} and last_name_key <> '' and name_key <> ''
      group by last_name_key, name_key having min(id) < max(id)
    ), name_groups as (
      select ${idList(dialect, 'id')} as members, max(id) as newest
      from clients c
      inner join shared_names s on s.last_name_key = c.last_name_key and s.name_key = c.name_key
      where c.project_id = ${projectId}
      group by c.last_name_key, c.name_key
    ), duplicate_groups as (
      select 0 as possible, members, newest from contact_groups
      union all
      select 1 as possible, members, newest from name_groups n
      where not exists (select 1 from contact_groups c where c.members = n.members)
    )
    ${select}`;
  const { rows } = await grouped(
    sql`select possible, members, count(*) over () as total from duplicate_groups
      order by possible, newest desc limit ${limit} offset ${offset}`,
  ).execute(db);
  const found = rows as { possible: number | string; members: string; total: number | string }[];
  const page = found.map((r) => ({
    possible: Number(r.possible) === 1,
    ids: r.members.split(',').map(Number),
  }));
  if (found.length > 0) return { groups: page, total: Number(found[0]!.total) };
  if (offset === 0) return { groups: page, total: 0 };
  const counted = await grouped(sql`select count(*) as n from duplicate_groups`).execute(db);
  const [row] = counted.rows as { n: number | string }[];
  return { groups: page, total: Number(row?.n ?? 0) };
}

/** The contact keys of these clients (what a group's clients share is read from them). */
export const contactKeysOf = (db: Db, clientIds: readonly number[]) =>
  clientIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('client_contacts')
        .select(['client_id', 'key'])
        .where('client_id', 'in', [...new Set(clientIds)])
        .execute();
