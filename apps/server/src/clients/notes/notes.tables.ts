import type { Generated } from 'kysely';

/** A note on a client, by the member who wrote it. */
export interface ClientNotesTable {
  id: Generated<number>;
  project_id: number;
  client_id: number;
  author_id: number;
  note: string;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    client_notes: ClientNotesTable;
  }
}
