import { z } from 'zod';
import { idSchema, page, pageQuery, REQUIRED, requiredString, requiredText } from './common.js';
import { richTextJson } from './rich-text.js';

// ---- the knowledge library (docs/product.md §4.12) ------------------------------------------

export const KNOWLEDGE_CATEGORY_NAME_MAX = 100;
export const KNOWLEDGE_POST_TITLE_MAX = 255;
/** Topics per project: the library lists them all at once. */
export const KNOWLEDGE_CATEGORIES_MAX = 200;
/** Articles are long (their whole text is in the list): 10 a page. */
export const KNOWLEDGE_POSTS_PER_PAGE = 10;
export const KNOWLEDGE_SEARCH_PER_PAGE = 20;
export const KNOWLEDGE_SEARCH_MAX_LENGTH = 100;
/**
 * A library search counts at most this many matches: past it `total` is this number and
 * `total_capped` is true ("100+"), and only the first 5 pages are served. Testing every match
 * of a common word in a large library costs more than the page; a person narrows the search.
 */
export const KNOWLEDGE_SEARCH_COUNT_CAP = 100;
/** About this many characters of the article's text around the first match. */
export const KNOWLEDGE_EXCERPT_LENGTH = 200;

export const KNOWLEDGE_CATEGORY_NOT_FOUND = 'Тема не найдена';
export const KNOWLEDGE_CATEGORY_DUPLICATE = 'Тема с таким названием уже есть';
export const CHOOSE_KNOWLEDGE_CATEGORY = 'Выберите тему';

/** Topic: `posts_count` is how many articles it holds. */
export const knowledgeCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  posts_count: z.number().int(),
});
export type KnowledgeCategory = z.infer<typeof knowledgeCategorySchema>;

/** Article: `content` is a rich-text JSON string (rich-text.ts), '' when empty. */
export const knowledgePostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  category_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KnowledgePost = z.infer<typeof knowledgePostSchema>;

export const knowledgeCategoryParams = z.object({ projectId: idSchema, id: idSchema });
export const knowledgeCategoryPostsParams = z.object({ projectId: idSchema, categoryId: idSchema });
export const knowledgePostParams = z.object({ projectId: idSchema, id: idSchema });

/** Add or rename a topic: name required, ≤ 100, unique in the project whatever the case. */
export const knowledgeCategoryBody = z.object({ name: requiredText(KNOWLEDGE_CATEGORY_NAME_MAX) });
export type KnowledgeCategoryBody = z.input<typeof knowledgeCategoryBody>;

/** What happens to a topic's articles when it is deleted. */
export const KNOWLEDGE_DELETE_POSTS = ['move', 'delete'] as const;
export type KnowledgeDeletePosts = (typeof KNOWLEDGE_DELETE_POSTS)[number];

/**
 * DELETE a topic: an empty one goes plainly; one with articles needs `posts=move&to=<topic id>`
 * (they move to that topic) or `posts=delete` (they go with it). Without a choice → 422 on
 * `posts` saying how many articles it holds.
 */
export const knowledgeCategoryDeleteQuery = z
  .object({
    posts: z.enum(KNOWLEDGE_DELETE_POSTS, { error: 'Выберите: перенести статьи или удалить их' }).optional(),
    to: idSchema.optional(),
  })
  .refine((q) => q.posts !== 'move' || q.to !== undefined, {
    message: 'Выберите тему, куда перенести статьи',
    path: ['to'],
  });
export type KnowledgeCategoryDeleteQuery = z.input<typeof knowledgeCategoryDeleteQuery>;

/**
 * GET /knowledge-base/posts: one topic's articles (`category`), or every article of the library
 * without it; newest first, 10 a page.
 */
export const knowledgePostsQuery = pageQuery.extend({ category: idSchema.optional() });
export type KnowledgePostsQuery = z.input<typeof knowledgePostsQuery>;

/** Left out, `content` is '' (the web sends nothing for an empty text). */
export const knowledgePostCreateBody = z.object({
  title: requiredText(KNOWLEDGE_POST_TITLE_MAX),
  content: richTextJson().optional().default(''),
});
export type KnowledgePostCreateBody = z.input<typeof knowledgePostCreateBody>;

/** The article modal: a new `category_id` moves the article to that topic. */
export const knowledgePostUpdateBody = z.object({
  title: requiredText(KNOWLEDGE_POST_TITLE_MAX),
  content: richTextJson().optional().default(''),
  category_id: z
    .number({ error: CHOOSE_KNOWLEDGE_CATEGORY })
    .int(CHOOSE_KNOWLEDGE_CATEGORY)
    .positive(CHOOSE_KNOWLEDGE_CATEGORY),
});
export type KnowledgePostUpdateBody = z.input<typeof knowledgePostUpdateBody>;

/**
 * GET /knowledge-base/posts/search: articles whose title or text contains `search`
 * (case-insensitive, Cyrillic and Latin, ё as е; a word of 3+ characters anywhere, one of 2 at the
 * start of a word, single letters ignored), newest first; 20 a page.
 */
export const knowledgeSearchQuery = pageQuery.extend({
  search: requiredString()
    .trim()
    .min(1, REQUIRED)
    .max(KNOWLEDGE_SEARCH_MAX_LENGTH, `Не более ${KNOWLEDGE_SEARCH_MAX_LENGTH} символов`),
});
export type KnowledgeSearchQuery = z.input<typeof knowledgeSearchQuery>;

/**
 * One article found: `excerpt` is plain text, about KNOWLEDGE_EXCERPT_LENGTH characters of the
 * article around the first match of the search in its text (its beginning when only the title
 * matched), with '…' where it was cut; the web highlights the searched words in it.
 */
export const knowledgeSearchItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  excerpt: z.string(),
});
export type KnowledgeSearchItem = z.infer<typeof knowledgeSearchItemSchema>;

export const knowledgeSearchPage = page(knowledgeSearchItemSchema).extend({ total_capped: z.boolean() });
export type KnowledgeSearchPage = z.infer<typeof knowledgeSearchPage>;
