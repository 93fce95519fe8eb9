import type { Db } from '../db/database.js';
import { findPostsByIds } from '../knowledge/index.js';

/**
 * The library's articles behind a scenario's or a reminder's links, in the links' order, each with
 * what its link carries; a link to an article no longer there is left out.
 */
export async function linkedPosts<L extends { post_id: number }>(db: Db, projectId: number, links: L[]) {
  const posts = new Map(
    (
      await findPostsByIds(
        db,
        projectId,
        links.map((l) => l.post_id),
      )
    ).map((p) => [p.id, p]),
  );
  return links.flatMap(({ post_id, ...link }) => {
    const post = posts.get(post_id);
    return post ? [{ ...link, ...post }] : [];
  });
}
