import {
  KNOWLEDGE_CATEGORIES_MAX,
  KNOWLEDGE_CATEGORY_DUPLICATE,
  KNOWLEDGE_CATEGORY_NOT_FOUND,
  KNOWLEDGE_POSTS_PER_PAGE,
  type KnowledgeCategory,
  type KnowledgeDeletePosts,
  type KnowledgePost,
  type Page,
} from '@crm/contract';
import type { Db } from '../db/database.js';
import { lockProject } from '../db/project-lock.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps, Tx } from '../deps.js';
import type { Actor } from '../http/actor.js';
import { AppError, invalidField, notFound } from '../http/app-error.js';
import { articleSearchText } from './knowledge-search.text.js';
import {
  countCategories,
  deleteCategoryRow,
  deletePostRow,
  deletePostsOf,
  findCategory,
  findCategoryByNameKey,
  findPost,
  insertCategory,
  insertPost,
  libraryPostsCount,
  listCategories,
  listPosts,
  lockCategory,
  movePosts,
  recountPosts,
  renameCategory,
  updatePostRow,
} from './knowledge.repository.js';

const POST_404 = 'Статья не найдена';

/** Case-insensitive, for Cyrillic too (SQLite's lower() folds only ASCII). */
const nameKey = (name: string) => name.trim().toLocaleLowerCase('ru-RU');

/**
 * Holds these topics of the project until the transaction ends, in id order (two changes that
 * hold the same two topics never wait on each other in a circle); the ones found, by id.
 */
async function lockCategories(tx: Tx, projectId: number, ids: readonly number[]) {
  const held = new Map<number, NonNullable<Awaited<ReturnType<typeof lockCategory>>>>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const row = await lockCategory(tx.db, projectId, id);
    if (row) held.set(id, row);
  }
  return held;
}

/** "1 статья", "3 статьи", "5 статей". */
export function articlesCount(n: number) {
  const tens = n % 100;
  const ones = n % 10;
  const word =
    tens >= 11 && tens <= 14 ? 'статей' : ones === 1 ? 'статья' : ones >= 2 && ones <= 4 ? 'статьи' : 'статей';
  return `${n} ${word}`;
}

type PostRow = NonNullable<Awaited<ReturnType<typeof findPost>>>;

const toPostView = (row: PostRow): KnowledgePost => ({
  id: row.id,
  title: row.title,
  content: row.content,
  category_id: row.category_id,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** What the history keeps of an article: not its text (it may be long), its place and title. */
const postSummary = (row: { id: number; title: string; category_id: number }, categoryName: string) => ({
  id: row.id,
  title: row.title,
  category_id: row.category_id,
  category_name: categoryName,
});

// ---- topics --------------------------------------------------------------------------------

/** The project's topics by name (Russian alphabetical order), each with its article count. */
export async function listKnowledgeCategories(db: Db, projectId: number): Promise<KnowledgeCategory[]> {
  const rows = await listCategories(db, projectId);
  return rows
    .map((r) => ({ id: r.id, name: r.name, posts_count: Number(r.posts_count) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.id - b.id);
}

async function requireUniqueName(tx: Tx, projectId: number, key: string, selfId: number | null) {
  const same = await findCategoryByNameKey(tx.db, projectId, key);
  if (same && same.id !== selfId) throw invalidField('name', KNOWLEDGE_CATEGORY_DUPLICATE);
}

export function createKnowledgeCategory(deps: AppDeps, who: Actor, name: string) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const key = nameKey(name);
    await requireUniqueName(tx, who.projectId, key, null);
    if ((await countCategories(tx.db, who.projectId)) >= KNOWLEDGE_CATEGORIES_MAX)
      throw invalidField('name', `В библиотеке не может быть больше ${KNOWLEDGE_CATEGORIES_MAX} тем`);
    const row = await insertCategory(tx.db, { projectId: who.projectId, name, nameKey: key, now: tx.now.toISOString() });
    const view: KnowledgeCategory = { ...row, posts_count: Number(row.posts_count) };
    await tx.record({
      ...who,
      kind: 'knowledge_category.created',
      subjectType: 'knowledge_category',
      subjectId: row.id,
      message: `Создана тема библиотеки знаний «${row.name}»`,
      before: null,
      after: view,
    });
    return view;
  });
}

export function renameKnowledgeCategory(deps: AppDeps, who: Actor, id: number, name: string) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const current = await findCategory(tx.db, who.projectId, id);
    if (!current) throw notFound(KNOWLEDGE_CATEGORY_NOT_FOUND);
    const key = nameKey(name);
    await requireUniqueName(tx, who.projectId, key, id);
    const row = await renameCategory(tx.db, who.projectId, id, name, key, tx.now.toISOString());
    const view: KnowledgeCategory = { ...row, posts_count: Number(row.posts_count) };
    if (current.name !== row.name) {
      await tx.record({
        ...who,
        kind: 'knowledge_category.updated',
        subjectType: 'knowledge_category',
        subjectId: id,
        message: `Тема библиотеки знаний переименована: «${current.name}» → «${row.name}»`,
        before: { id, name: current.name },
        after: { id, name: row.name },
      });
    }
    return view;
  });
}

/**
 * An empty topic is deleted plainly. One with articles needs the caller's choice: `move` them
 * to another topic (`to`) or `delete` them with it; without one → 422 saying how many it holds.
 */
export function deleteKnowledgeCategory(
  deps: AppDeps,
  who: Actor,
  id: number,
  choice: { posts?: KnowledgeDeletePosts; to?: number },
) {
  return transaction(deps, async (tx) => {
    // Held first, so that no article can be put into it between the count and the delete.
    const moveTo = choice.posts === 'move' && choice.to !== id ? choice.to : undefined;
    const held = await lockCategories(tx, who.projectId, moveTo === undefined ? [id] : [id, moveTo]);
    const row = held.get(id);
    if (!row) throw notFound(KNOWLEDGE_CATEGORY_NOT_FOUND);
    const count = Number(row.posts_count);
    let what = '';
    if (count > 0 && choice.posts === undefined) {
      const message = `В теме «${row.name}» ${articlesCount(count)}: выберите, перенести их в другую тему или удалить`;
      throw new AppError(422, message, { posts: [message] });
    }
    if (count > 0 && choice.posts === 'move') {
      if (choice.to === id) throw invalidField('to', 'Выберите другую тему');
      const target = moveTo === undefined ? undefined : held.get(moveTo);
      if (!target) throw invalidField('to', KNOWLEDGE_CATEGORY_NOT_FOUND);
      await movePosts(tx.db, who.projectId, id, target.id, tx.now.toISOString());
      await recountPosts(tx.db, who.projectId, [target.id]);
      what = `; её статьи (${articlesCount(count)}) перенесены в «${target.name}»`;
    } else if (count > 0) {
      await deletePostsOf(tx.db, who.projectId, id);
      what = `; её статьи (${articlesCount(count)}) удалены вместе с ней`;
    }
    await deleteCategoryRow(tx.db, who.projectId, id);
    await tx.record({
      ...who,
      kind: 'knowledge_category.deleted',
      subjectType: 'knowledge_category',
      subjectId: id,
      message: `Удалена тема библиотеки знаний «${row.name}»${what}`,
      before: { id, name: row.name, posts_count: count },
      after: count > 0 ? { posts: choice.posts, to: choice.posts === 'move' ? choice.to : null } : null,
    });
  });
}

// ---- articles ------------------------------------------------------------------------------

/** A topic's articles (the whole library's without one), newest first, 20 a page. */
export async function listKnowledgePosts(
  db: Db,
  projectId: number,
  query: { category?: number; page: number },
): Promise<Page<KnowledgePost>> {
  let total: number;
  if (query.category === undefined) total = await libraryPostsCount(db, projectId);
  else {
    const category = await findCategory(db, projectId, query.category);
    if (!category) throw notFound(KNOWLEDGE_CATEGORY_NOT_FOUND);
    total = Number(category.posts_count);
  }
  const offset = (query.page - 1) * KNOWLEDGE_POSTS_PER_PAGE;
  const rows =
    offset < total
      ? await listPosts(db, projectId, query.category, { limit: KNOWLEDGE_POSTS_PER_PAGE, offset })
      : [];
  return {
    data: rows.map(toPostView),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / KNOWLEDGE_POSTS_PER_PAGE)),
    per_page: KNOWLEDGE_POSTS_PER_PAGE,
    total,
  };
}

export async function getKnowledgePost(db: Db, projectId: number, id: number): Promise<KnowledgePost> {
  const row = await findPost(db, projectId, id);
  if (!row) throw notFound(POST_404);
  return toPostView(row);
}

export function createKnowledgePost(
  deps: AppDeps,
  who: Actor,
  categoryId: number,
  input: { title: string; content: string },
) {
  return transaction(deps, async (tx) => {
    const category = await lockCategory(tx.db, who.projectId, categoryId);
    if (!category) throw notFound(KNOWLEDGE_CATEGORY_NOT_FOUND);
    const row = await insertPost(tx.db, {
      projectId: who.projectId,
      categoryId,
      title: input.title,
      content: input.content,
      searchText: articleSearchText(input.title, input.content),
      now: tx.now.toISOString(),
    });
    await recountPosts(tx.db, who.projectId, [categoryId]);
    await tx.record({
      ...who,
      kind: 'knowledge_post.created',
      subjectType: 'knowledge_post',
      subjectId: row.id,
      message: `Добавлена статья «${row.title}» в тему «${category.name}»`,
      before: null,
      after: postSummary(row, category.name),
    });
    return toPostView(row);
  });
}

/** Title, text and topic; a topic of another project → 422 on `category_id`. */
export function updateKnowledgePost(
  deps: AppDeps,
  who: Actor,
  id: number,
  input: { title: string; content: string; category_id: number },
) {
  return transaction(deps, async (tx) => {
    const seen = await findPost(tx.db, who.projectId, id);
    if (!seen) throw notFound(POST_404);
    // Its topic and the new one held (a topic deleted meanwhile took the article with it or moved it).
    const held = await lockCategories(tx, who.projectId, [seen.category_id, input.category_id]);
    const current = await findPost(tx.db, who.projectId, id);
    if (!current) throw notFound(POST_404);
    const target = held.get(input.category_id);
    if (!target) throw invalidField('category_id', KNOWLEDGE_CATEGORY_NOT_FOUND);
    const from =
      held.get(current.category_id) ?? (await findCategory(tx.db, who.projectId, current.category_id));
    const row = await updatePostRow(tx.db, who.projectId, id, {
      category_id: target.id,
      title: input.title,
      content: input.content,
      search_text: articleSearchText(input.title, input.content),
      updated_at: tx.now.toISOString(),
    });
    if (current.category_id !== target.id) await recountPosts(tx.db, who.projectId, [current.category_id, target.id]);
    const changes = [
      current.title !== row.title ? `название «${current.title}» → «${row.title}»` : null,
      current.content !== row.content ? 'изменён текст' : null,
      current.category_id !== row.category_id ? `тема «${from?.name ?? ''}» → «${target.name}»` : null,
    ].filter((c) => c !== null);
    if (changes.length > 0) {
      await tx.record({
        ...who,
        kind: 'knowledge_post.updated',
        subjectType: 'knowledge_post',
        subjectId: id,
        message: `Статья «${current.title}» изменена: ${changes.join('; ')}`,
        before: postSummary(current, from?.name ?? ''),
        after: postSummary(row, target.name),
      });
    }
    return toPostView(row);
  });
}

export function deleteKnowledgePost(deps: AppDeps, who: Actor, id: number) {
  return transaction(deps, async (tx) => {
    const row = await findPost(tx.db, who.projectId, id);
    if (!row) throw notFound(POST_404);
    const category = await findCategory(tx.db, who.projectId, row.category_id);
    await deletePostRow(tx.db, who.projectId, id);
    await recountPosts(tx.db, who.projectId, [row.category_id]);
    await tx.record({
      ...who,
      kind: 'knowledge_post.deleted',
      subjectType: 'knowledge_post',
      subjectId: id,
      message: `Удалена статья «${row.title}» из темы «${category?.name ?? ''}»`,
      before: postSummary(row, category?.name ?? ''),
      after: null,
    });
  });
}
