import { sql } from 'kysely';
import { type AnyDb, isPostgres, withId } from '../../db/migrations/helpers.js';

/**
 * The knowledge library: topics (a name unique per project whatever its case, by `name_key`) and
 * their articles. `search_text` is the article's folded title and plain text, written by the
 * server in the transaction that writes the article, under a trigram index: FTS5 with the
 * trigram tokenizer on SQLite (triggers copy the text into the external-content table),
 * pg_trgm's GIN on PostgreSQL. Articles are listed newest first, per topic or all together.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('knowledge_categories'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    // How many articles it holds, recounted by every write that changes it: a page's total is read, not counted.
    .addColumn('posts_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_categories_project_name_key_idx')
    .on('knowledge_categories')
    .columns(['project_id', 'name_key'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('knowledge_posts'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // Deleting a topic moves or deletes its articles first (the caller chooses), never silently.
    .addColumn('category_id', 'integer', (c) => c.notNull().references('knowledge_categories.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A topic's page, and the whole library's, read in order from the index, deep pages too.
  await db.schema
    .createIndex('knowledge_posts_project_category_created_idx')
    .on('knowledge_posts')
    .columns(['project_id', 'category_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('knowledge_posts_project_created_idx')
    .on('knowledge_posts')
    .columns(['project_id', 'created_at desc', 'id desc'])
    .execute();

  if (isPostgres(db)) {
    // One migration at a time creates the extension (parallel test schemas share the database).
    await sql`select pg_advisory_xact_lock(hashtext('crm_pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    // Wherever it was installed first: its operator class is named with that schema.
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    const trgm = sql.id(rows[0]?.schema ?? 'public', 'gin_trgm_ops');
    await sql`create index knowledge_posts_search_text_trgm_idx on knowledge_posts using gin (search_text ${trgm})`.execute(
      db,
    );
    // A search tests many articles' text: lz4 unpacks it several times faster than the default
    // pglz, where the server was built with it.
    const { rows: lz4 } = await sql<{ ok: boolean }>`
      select 'lz4' = any(enumvals) as ok from pg_settings where name = 'default_toast_compression'`.execute(db);
    if (lz4[0]?.ok) {
      await sql`alter table knowledge_posts alter column search_text set compression lz4, alter column content set compression lz4`.execute(
        db,
      );
    }
    // A search with many matches walks the project's articles newest first by id.
    await db.schema.createIndex('knowledge_posts_project_id_idx').on('knowledge_posts').columns(['project_id', 'id']).execute();
  } else {
    await sql`create virtual table knowledge_search using fts5(
      search_text, content = 'knowledge_posts', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
    // Only a write of search_text touches the index (a move to another topic does not).
    await sql`create trigger knowledge_search_insert after insert on knowledge_posts begin
      insert into knowledge_search (rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
    await sql`create trigger knowledge_search_delete after delete on knowledge_posts begin
      insert into knowledge_search (knowledge_search, rowid, search_text) values ('delete', old.id, old.search_text);
    end`.execute(db);
    await sql`create trigger knowledge_search_update after update of search_text on knowledge_posts begin
      insert into knowledge_search (knowledge_search, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into knowledge_search (rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
  }
}
