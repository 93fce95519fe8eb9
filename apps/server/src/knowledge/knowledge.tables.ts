import type { Generated } from 'kysely';

/** A topic of the knowledge library; `name_key` is the folded name (unique per project). */
export interface KnowledgeCategoriesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_key: string;
  /** How many articles it holds (recounted in every write that changes it). */
  posts_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** An article: `content` is a rich-text JSON string ('' when empty); `search_text` its folded words. */
export interface KnowledgePostsTable {
  id: Generated<number>;
  project_id: number;
  category_id: number;
  title: string;
  content: string;
  search_text: string;
  created_at: string;
  updated_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    knowledge_categories: KnowledgeCategoriesTable;
    knowledge_posts: KnowledgePostsTable;
  }
}
