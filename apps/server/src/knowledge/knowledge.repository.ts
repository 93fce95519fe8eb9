import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import './knowledge.tables.js';

// ---- topics --------------------------------------------------------------------------------

const categoryColumns = ['id', 'name', 'posts_count'] as const;

/** The project's topics with their article counts. */
export const listCategories = (db: Db, projectId: number) =>
  db.selectFrom('knowledge_categories').select(categoryColumns).where('project_id', '=', projectId).execute();

/** Recounts the articles of these topics (in the transaction that moved, added or deleted some). */
export const recountPosts = (db: Db, projectId: number, categoryIds: readonly number[]) =>
  db
    .updateTable('knowledge_categories')
    .set((eb) => ({
      posts_count: eb
        .selectFrom('knowledge_posts')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('knowledge_posts.project_id', '=', projectId)
        .whereRef('knowledge_posts.category_id', '=', 'knowledge_categories.id'),
    }))
    .where('project_id', '=', projectId)
    .where('id', 'in', [...new Set(categoryIds)])
    .execute();

/** How many articles the library holds: the sum of its topics' counts. */
export const libraryPostsCount = async (db: Db, projectId: number) => {
  const row = await db
    .selectFrom('knowledge_categories')
    .select((eb) => eb.fn.sum<number | string | null>('posts_count').as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
};

export const findCategory = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('knowledge_categories')
    .select(categoryColumns)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();

/**
 * Reads a topic and holds its row until the transaction ends (on PostgreSQL the no-op update
 * takes the row lock; SQLite runs one write transaction at a time anyway): an article is put
 * into it, or it is deleted, one after the other.
 */
export const lockCategory = (db: Db, projectId: number, id: number) =>
  db
    .updateTable('knowledge_categories')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returning(categoryColumns)
    .executeTakeFirst();

export const findCategoryByNameKey = (db: Db, projectId: number, nameKey: string) =>
  db
    .selectFrom('knowledge_categories')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();

export const countCategories = async (db: Db, projectId: number) => {
  const row = await db
    .selectFrom('knowledge_categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const insertCategory = (
  db: Db,
  values: { projectId: number; name: string; nameKey: string; now: string },
) =>
  db
    .insertInto('knowledge_categories')
    .values({
      project_id: values.projectId,
      name: values.name,
      name_key: values.nameKey,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(categoryColumns)
    .executeTakeFirstOrThrow();

export const renameCategory = (
  db: Db,
  projectId: number,
  id: number,
  name: string,
  nameKey: string,
  now: string,
) =>
  db
    .updateTable('knowledge_categories')
    .set({ name, name_key: nameKey, updated_at: now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returning(categoryColumns)
    .executeTakeFirstOrThrow();

export const deleteCategoryRow = (db: Db, projectId: number, id: number) =>
  db.deleteFrom('knowledge_categories').where('project_id', '=', projectId).where('id', '=', id).execute();

// ---- articles ------------------------------------------------------------------------------

const postColumns = ['id', 'title', 'content', 'category_id', 'created_at', 'updated_at'] as const;

/** One page of a topic's articles (or the library's), newest first, the id breaking ties. */
export const listPosts = (
  db: Db,
  projectId: number,
  categoryId: number | undefined,
  page: { limit: number; offset: number },
) => {
  // The page's ids come from the index alone; only those rows are read whole.
  let ids = db
    .selectFrom('knowledge_posts')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  if (categoryId !== undefined) ids = ids.where('category_id', '=', categoryId);
  return db
    .selectFrom('knowledge_posts')
    .select(postColumns)
    .where('id', 'in', ids)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
};

export const findPost = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('knowledge_posts')
    .select(postColumns)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();

export const insertPost = (
  db: Db,
  values: {
    projectId: number;
    categoryId: number;
    title: string;
    content: string;
    searchText: string;
    now: string;
  },
) =>
  db
    .insertInto('knowledge_posts')
    .values({
      project_id: values.projectId,
      category_id: values.categoryId,
      title: values.title,
      content: values.content,
      search_text: values.searchText,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(postColumns)
    .executeTakeFirstOrThrow();

export const updatePostRow = (
  db: Db,
  projectId: number,
  id: number,
  values: { category_id: number; title: string; content: string; search_text: string; updated_at: string },
) =>
  db
    .updateTable('knowledge_posts')
    .set(values)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returning(postColumns)
    .executeTakeFirstOrThrow();

export const deletePostRow = (db: Db, projectId: number, id: number) =>
  db.deleteFrom('knowledge_posts').where('project_id', '=', projectId).where('id', '=', id).execute();

export const movePosts = (db: Db, projectId: number, fromId: number, toId: number, now: string) =>
  db
    .updateTable('knowledge_posts')
    .set({ category_id: toId, updated_at: now })
    .where('project_id', '=', projectId)
    .where('category_id', '=', fromId)
    .execute();

export const deletePostsOf = (db: Db, projectId: number, categoryId: number) =>
  db
    .deleteFrom('knowledge_posts')
    .where('project_id', '=', projectId)
    .where('category_id', '=', categoryId)
    .execute();

// ---- the library search ------------------------------------------------------------------

/** LIKE's own characters taken literally (backslash is the escape on both databases here). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The articles of the project whose search text holds every term, as a FROM … WHERE. On SQLite
 * the FTS table leads, in rowid order (newest first), so a page stops as soon as it is full;
 * on PostgreSQL the planner chooses between the trigram index and the id order.
 */
function matches(dialect: Dialect, projectId: number, terms: readonly string[]): RawBuilder<unknown> {
  if (dialect === 'postgres') {
    const likes = terms.map((t) => sql<SqlBool>`p.search_text like ${`%${escapeLike(t)}%`}`);
    return sql`knowledge_posts p where p.project_id = ${projectId} and ${sql.join(likes, sql` and `)}`;
  }
  // FTS5 trigram: a quoted phrase matches as a substring; every term must be there.
  const match = terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(' AND ');
  return sql`knowledge_search s join knowledge_posts p on p.id = s.rowid
    where knowledge_search match ${match} and p.project_id = ${projectId}`;
}

/** How many articles match, counting no further than `upTo + 1` (enough to tell "more than upTo"). */
export async function countFoundPosts(
  db: Db,
  dialect: Dialect,
  projectId: number,
  terms: readonly string[],
  upTo: number,
) {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (
    select 1 from ${matches(dialect, projectId, terms)} limit ${upTo + 1}) m`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The ids of one page of the articles found, newest first, through the word index: on SQLite
 * the FTS table in rowid order stops once the page is full; on PostgreSQL the trigram index
 * gathers every match and sorts them (cheap while they are few: see walkFoundPostIds).
 */
export async function gatherFoundPostIds(
  db: Db,
  dialect: Dialect,
  projectId: number,
  terms: readonly string[],
  page: { limit: number; offset: number },
) {
  const order = dialect === 'postgres' ? sql`p.id desc` : sql`s.rowid desc`;
  const { rows } = await sql<{ id: number }>`select p.id from ${matches(dialect, projectId, terms)}
    order by ${order} limit ${page.limit} offset ${page.offset}`.execute(db);
  return rows.map((r) => r.id);
}

const WALK_FIRST_BATCH = 100;
const WALK_MAX_BATCH = 1600;

/**
 * The same page when matches are many (PostgreSQL): the project's articles are read newest
 * first, in growing batches, each tested against the terms, until the page is full. With many
 * matches this reads a few rows past the page, where gathering would test and sort every match.
 */
export async function walkFoundPostIds(
  db: Db,
  projectId: number,
  terms: readonly string[],
  page: { limit: number; offset: number },
) {
  const hit = sql.join(
    terms.map((t) => sql`p.search_text like ${`%${escapeLike(t)}%`}`),
    sql` and `,
  );
  const found: number[] = [];
  let before: number | null = null;
  for (
    let batch = WALK_FIRST_BATCH;
    found.length < page.offset + page.limit;
    batch = Math.min(batch * 2, WALK_MAX_BATCH)
  ) {
    const { rows } = await sql<{
      id: number;
      hit: boolean;
    }>`select p.id, (${hit}) as hit from knowledge_posts p
      where p.project_id = ${projectId} ${before === null ? sql`` : sql`and p.id < ${before}`}
      order by p.id desc limit ${batch}`.execute(db);
    for (const row of rows) if (row.hit) found.push(row.id);
    if (rows.length < batch) break;
    before = rows[rows.length - 1]!.id;
  }
  return found.slice(page.offset, page.offset + page.limit);
}

/** The articles of these ids, newest first, with their topics' names. */
export async function foundPostRows(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('knowledge_posts as p')
    .innerJoin('knowledge_categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.title', 'p.content', 'p.category_id', 'c.name as category_name'])
    .where('p.id', 'in', ids)
    .orderBy('p.id', 'desc')
    .execute();
}

/**
 * A project's articles by id, for another feature's links to them (a scenario's, a reminder's):
 * ids that are not the project's articles are left out; in no particular order.
 */
export const findPostsByIds = (db: Db, projectId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('knowledge_posts')
        .select(['id', 'title', 'content'])
        .where('project_id', '=', projectId)
        .where('id', 'in', [...new Set(ids)])
        .execute();
