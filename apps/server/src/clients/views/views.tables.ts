import type { Generated } from 'kysely';

/**
 * A saved view of the client list (docs/product.md §4.8 "List view"): a name, filters, columns
 * and sort; private to its owner, or shared with the team (made or shared by an admin).
 * `filters` and `columns` are JSON text.
 */
export interface ClientViewsTable {
  id: Generated<number>;
  project_id: number;
  owner_id: number;
  name: string;
  /** 0/1. */
  shared: number;
  filters: string;
  columns: string;
  sort: string;
  direction: 'asc' | 'desc';
  created_at: string;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    client_views: ClientViewsTable;
  }
}
