import { type AnyDb } from '../../db/migrations/helpers.js';

/**
 * The 'Дубли' view groups the project's contact keys with their clients (docs/decisions.md,
 * "Import, export and duplicates"): with the client in the key's index, the keys and their
 * clients are read in order from the index alone, with no sort and no row read. The duplicate
 * check's lookup by key reads the same index.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('client_contacts_project_key_idx').execute();
  await db.schema
    .createIndex('client_contacts_project_key_idx')
    .on('client_contacts')
    .columns(['project_id', 'key', 'client_id'])
    .execute();
}
