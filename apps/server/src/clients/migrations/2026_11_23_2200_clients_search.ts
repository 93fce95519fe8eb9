import { sql } from 'kysely';
import { type AnyDb, isPostgres } from '../../db/migrations/helpers.js';

/**
 * The global client search: folded name and last name (b-tree, for 1–2 letter word prefixes)
 * and one folded search text per client (name, last name, text values, phone digits) under a
 * trigram index: FTS5 with the trigram tokenizer on SQLite, pg_trgm's GIN on PostgreSQL.
 * The server writes the three columns in the transaction that changes what they are made of;
 * on SQLite triggers copy search_text into the FTS table (external content).
 */
export async function up(db: AnyDb): Promise<void> {
  for (const column of ['name_key', 'last_name_key', 'search_text']) {
    await db.schema
      .alterTable('clients')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await backfill(db);

  if (isPostgres(db)) {
    // One migration at a time creates the extension (parallel test schemas share the database).
    await sql`select pg_advisory_xact_lock(hashtext('crm_pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    // Wherever it was installed first: its operator class is named with that schema.
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    const trgm = sql.id(rows[0]?.schema ?? 'public', 'gin_trgm_ops');
    await sql`create index clients_search_text_trgm_idx on clients using gin (search_text ${trgm})`.execute(
      db,
    );
    // LIKE 'ab%' walks a text_pattern_ops b-tree whatever the database's collation.
    await sql`create index clients_project_name_key_idx on clients (project_id, name_key text_pattern_ops)`.execute(
      db,
    );
    await sql`create index clients_project_last_name_key_idx on clients (project_id, last_name_key text_pattern_ops)`.execute(
      db,
    );
    // The lists sort by created_at then id: with the id in the index a page (a deep one too) is
    // read in order from the index alone, no sort of the whole column. SQLite's indexes end
    // with the rowid already.
    for (const [name, columns] of [
      ['clients_project_created_idx', ['project_id', 'created_at', 'id']],
      ['clients_project_category_created_idx', ['project_id', 'category_id', 'created_at', 'id']],
      ['clients_project_manager_created_idx', ['project_id', 'manager_id', 'created_at', 'id']],
      [
        'clients_project_manager_category_created_idx',
        ['project_id', 'manager_id', 'category_id', 'created_at', 'id'],
      ],
    ] as const) {
      await db.schema.dropIndex(name).execute();
      await db.schema
        .createIndex(name)
        .on('clients')
        .columns([...columns])
        .execute();
    }
  } else {
    await db.schema
      .createIndex('clients_project_name_key_idx')
      .on('clients')
      .columns(['project_id', 'name_key'])
      .execute();
    await db.schema
      .createIndex('clients_project_last_name_key_idx')
      .on('clients')
      .columns(['project_id', 'last_name_key'])
      .execute();
    await sql`create virtual table clients_search using fts5(
      search_text, content = 'clients', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
    // Only a write of search_text touches the index (moves and locks of a client do not).
    await sql`create trigger clients_search_insert after insert on clients begin
      insert into clients_search (rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
    await sql`create trigger clients_search_delete after delete on clients begin
      insert into clients_search (clients_search, rowid, search_text) values ('delete', old.id, old.search_text);
    end`.execute(db);
    await sql`create trigger clients_search_update after update of search_text on clients begin
      insert into clients_search (clients_search, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into clients_search (rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
    await sql`insert into clients_search (clients_search) values ('rebuild')`.execute(db);
  }

  // The search's option filter: the clients holding one option of a select, from the index alone.
  await db.schema
    .createIndex('client_field_values_field_value_idx')
    .on('client_field_values')
    .columns(['field_id', 'value', 'client_id'])
    .execute();
  // Sorting search results by amount: per project, the id breaks ties.
  await db.schema
    .createIndex('clients_project_amount_idx')
    .on('clients')
    .columns(['project_id', 'amount', 'id'])
    .execute();
}

// The server's folding as it is when this migration lands (migrations import no app code).
const fold = (text: string) => text.toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ').trim();

const BATCH = 1000;

/** The existing clients' folded columns, a thousand at a time. */
async function backfill(db: AnyDb) {
  let after = 0;
  for (;;) {
    const clients: { id: number; name: string; last_name: string }[] = await db
      .selectFrom('clients')
      .select(['id', 'name', 'last_name'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (clients.length === 0) return;
    after = clients[clients.length - 1]!.id;
    const values: { client_id: number; type: string; value: string }[] = await db
      .selectFrom('client_field_values as v')
      .innerJoin('client_form_fields as f', 'f.id', 'v.field_id')
      .select(['v.client_id', 'f.type', 'v.value'])
      .where(
        'v.client_id',
        'in',
        clients.map((c) => c.id),
      )
      .where('f.type', '!=', 'select')
      .orderBy('v.id')
      .execute();
    const textsOf = new Map<number, string[]>();
    for (const v of values) {
      const text = v.type === 'social_network' ? v.value.replace(/^https?:\/\/(www\.)?/, '') : v.value;
      textsOf.set(v.client_id, [...(textsOf.get(v.client_id) ?? []), text]);
    }
    for (const c of clients) {
      const texts = textsOf.get(c.id) ?? [];
      await db
        .updateTable('clients')
        .set({
          name_key: fold(c.name),
          last_name_key: fold(c.last_name),
          search_text: fold([c.name, c.last_name, ...texts].join(' ')),
        })
        .where('id', '=', c.id)
        .execute();
    }
  }
}
