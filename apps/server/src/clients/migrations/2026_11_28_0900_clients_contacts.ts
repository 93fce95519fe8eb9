import { type AnyDb } from '../../db/migrations/helpers.js';

const BATCH = 1000;

/**
 * The duplicate keys of clients' phone numbers and social-network links (duplicates.tables.ts),
 * filled from the values there are; and the name lookup of a possible duplicate.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('client_contacts')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c) =>
      c.notNull().references('client_form_fields.id').onDelete('cascade'),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_contacts_project_key_idx')
    .on('client_contacts')
    .columns(['project_id', 'key'])
    .execute();
  await db.schema
    .createIndex('client_contacts_client_idx')
    .on('client_contacts')
    .column('client_id')
    .execute();
  await db.schema
    .createIndex('clients_project_full_name_idx')
    .on('clients')
    // With the id, the first 20 namesakes are read in order and the rest never (PostgreSQL's
    // indexes do not end with the row's id as SQLite's do).
    .columns(['project_id', 'last_name_key', 'name_key', 'id'])
    .execute();

  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom('client_field_values as v')
      .innerJoin('client_form_fields as f', 'f.id', 'v.field_id')
      .select(['v.id', 'v.project_id', 'v.client_id', 'v.field_id', 'v.value', 'f.type'])
      .where('f.type', 'in', ['phone_number', 'social_network'])
      .where('v.id', '>', after)
      .orderBy('v.id')
      .limit(BATCH)
      .execute()) as {
      id: number;
      project_id: number;
      client_id: number;
      field_id: number;
      value: string;
      type: string;
    }[];
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const keyed = rows.flatMap((r) => {
      const key = r.type === 'phone_number' ? phoneKey(r.value) : socialLinkKey(r.value);
      return key ? [{ project_id: r.project_id, client_id: r.client_id, field_id: r.field_id, key }] : [];
    });
    if (keyed.length > 0) await db.insertInto('client_contacts').values(keyed).execute();
  }
}

// The keys as duplicates/contact-keys.ts makes them when this migration lands (migrations import
// no app code). Phone values are stored as the digits of the international number already.
const phoneKey = (digits: string) => (/^\d+$/.test(digits) ? `tel:${digits}` : null);

function socialLinkKey(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(?:www\.|m\.)/, '');
  const path = url.pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '') return null;
  const id = path === '/profile.php' ? url.searchParams.get('id') : null;
  return `web:${host}${path}${id ? `?id=${id}` : ''}`;
}
