import type { Db } from '../../db/database.js';
import { foldText } from '../../lib/fold-text.js';
import { storedContactKey, type ContactType } from '../duplicates/contact-keys.js';
import { clientsWithContactKeys } from '../duplicates/duplicates.repository.js';
import { clientsWithFullNames } from './import.repository.js';
import type { ImportContext, ImportedClient } from './import-row.js';

/**
 * The duplicate rule for an import's rows (docs/product.md §4.8 "Duplicates"): a row duplicates
 * a client (or an earlier row) that shares a phone or a link; a row without any contact, one with
 * its name and last name. A name alone never makes a duplicate of a row that has contacts, which
 * are what tell people apart.
 */

/**
 * A row's keys: its contacts', or its full name's when it has none. The row's values are in their
 * stored form already (importRow read its phones with the project's country).
 */
export function rowKeys(
  client: ImportedClient,
  { form, country }: Pick<ImportContext, 'form' | 'country'>,
): string[] {
  const keys: string[] = [];
  for (const v of client.fields) {
    const type = form.get(v.field_id)?.type;
    if (type !== 'phone_number' && type !== 'social_network') continue;
    const key = storedContactKey(type as ContactType, v.value, country);
    if (key) keys.push(key);
  }
  if (keys.length === 0) keys.push(`name:${foldText(client.last_name)}|${foldText(client.name)}`);
  return keys;
}

/** For each key of these rows, the project's first client (lowest id) that has it. */
export async function existingClientsByKey(
  db: Db,
  projectId: number,
  keys: string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const contacts = keys.filter((k) => !k.startsWith('name:'));
  for (const row of await clientsWithContactKeys(db, projectId, contacts, null)) {
    const known = found.get(row.key);
    if (known === undefined || row.client_id < known) found.set(row.key, row.client_id);
  }
  const names = keys
    .filter((k) => k.startsWith('name:'))
    .map((k) => {
      const [lastName, name] = k.slice('name:'.length).split('|') as [string, string];
      return { key: k, lastName, name };
    });
  for (const row of await clientsWithFullNames(db, projectId, names)) {
    const key = `name:${row.last_name_key}|${row.name_key}`;
    const known = found.get(key);
    if (known === undefined || row.id < known) found.set(key, row.id);
  }
  return found;
}
