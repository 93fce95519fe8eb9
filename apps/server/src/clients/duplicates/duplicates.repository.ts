import type { Db } from '../../db/database.js';
import { clientsWithOwner } from '../clients.repository.js';
import { storedContactKey, type ContactType } from './contact-keys.js';
import '../clients.tables.js';
import '../form/form.tables.js';
import './duplicates.tables.js';

const REFRESH_BATCH = 500;

/** Writes the duplicate keys of these clients' phone numbers and links anew, from their values. */
export async function refreshClientContacts(db: Db, clientIds: readonly number[]) {
  const ids = [...new Set(clientIds)];
  for (let i = 0; i < ids.length; i += REFRESH_BATCH) {
    const batch = ids.slice(i, i + REFRESH_BATCH);
    const values = await db
      .selectFrom('client_field_values as v')
      .innerJoin('client_form_fields as f', 'f.id', 'v.field_id')
      .innerJoin('projects as p', 'p.id', 'v.project_id')
      .select(['v.project_id', 'v.client_id', 'v.field_id', 'v.value', 'f.type', 'p.phone_country'])
      .where('v.client_id', 'in', batch)
      .where('f.type', 'in', ['phone_number', 'social_network'])
      .execute();
    await db.deleteFrom('client_contacts').where('client_id', 'in', batch).execute();
    const rows = values.flatMap((v) => {
      const key = storedContactKey(v.type as ContactType, v.value, v.phone_country);
      return key ? [{ project_id: v.project_id, client_id: v.client_id, field_id: v.field_id, key }] : [];
    });
    if (rows.length > 0) await db.insertInto('client_contacts').values(rows).execute();
  }
}

/** The project's clients with any of these keys (but `exceptId`), each with the keys it shares. */
export const clientsWithContactKeys = async (
  db: Db,
  projectId: number,
  keys: readonly string[],
  exceptId: number | null,
) => {
  if (keys.length === 0) return [];
  let query = db
    .selectFrom('client_contacts')
    .select(['client_id', 'key'])
    .where('project_id', '=', projectId)
    .where('key', 'in', [...new Set(keys)]);
  if (exceptId !== null) query = query.where('client_id', '!=', exceptId);
  return query.execute();
};

/** The project's clients with this folded name and last name (but `exceptId`). */
export const clientsWithFullName = async (
  db: Db,
  projectId: number,
  folded: { name: string; lastName: string },
  exceptId: number | null,
  limit: number,
) => {
  let query = db
    .selectFrom('clients')
    .select('id')
    .where('project_id', '=', projectId)
    .where('last_name_key', '=', folded.lastName)
    .where('name_key', '=', folded.name)
    .orderBy('id')
    .limit(limit);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.execute()).map((r) => r.id);
};

/** Clients with their owners' names, stages and creation times, by id. */
export const clientsWithOwners = (db: Db, projectId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : clientsWithOwner(db)
        .select([
          'c.id',
          'c.name',
          'c.last_name',
          'c.manager_id',
          'u.name as manager_name',
          'c.category_id',
          'c.created_at',
        ])
        .where('c.project_id', '=', projectId)
        .where('c.id', 'in', [...ids])
        .execute();
