import {
  KNOWLEDGE_SEARCH_COUNT_CAP,
  KNOWLEDGE_SEARCH_PER_PAGE,
  type KnowledgeSearchPage,
} from '@crm/contract';
import type { AppDeps } from '../deps.js';
import { articleSearchTerms, excerptOf } from './knowledge-search.text.js';
import { countFoundPosts, foundPostRows, gatherFoundPostIds, walkFoundPostIds } from './knowledge.repository.js';

/**
 * GET /knowledge-base/posts/search: the project's articles whose title or text holds every word
 * (3+ characters anywhere, 2 at the start of a word), newest first, 20 a page, each with an
 * excerpt around its first match. The count stops past KNOWLEDGE_SEARCH_COUNT_CAP.
 */
export async function searchKnowledgePosts(
  { db, dialect }: AppDeps,
  projectId: number,
  query: { search: string; page: number },
): Promise<KnowledgeSearchPage> {
  const terms = articleSearchTerms(query.search);
  const counted = terms ? await countFoundPosts(db, dialect, projectId, terms, KNOWLEDGE_SEARCH_COUNT_CAP) : 0;
  const total = Math.min(counted, KNOWLEDGE_SEARCH_COUNT_CAP);
  const offset = (query.page - 1) * KNOWLEDGE_SEARCH_PER_PAGE;
  const page = { limit: KNOWLEDGE_SEARCH_PER_PAGE, offset };
  // PostgreSQL gathers every match through the trigram index and sorts them: past the cap it
  // walks the newest articles instead (SQLite's FTS reads in order and stops by itself).
  const ids =
    !terms || offset >= total
      ? []
      : dialect === 'postgres' && counted > KNOWLEDGE_SEARCH_COUNT_CAP
        ? await walkFoundPostIds(db, projectId, terms, page)
        : await gatherFoundPostIds(db, dialect, projectId, terms, page);
  const rows = await foundPostRows(db, ids);
  return {
    data: rows.map((row) => ({
      id: row.id,
      title: row.title,
      category_id: row.category_id,
      category_name: row.category_name,
      excerpt: excerptOf(row.content, terms ?? []),
    })),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / KNOWLEDGE_SEARCH_PER_PAGE)),
    per_page: KNOWLEDGE_SEARCH_PER_PAGE,
    total,
    total_capped: counted > KNOWLEDGE_SEARCH_COUNT_CAP,
  };
}
