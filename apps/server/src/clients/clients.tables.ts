import type { Generated, Selectable } from 'kysely';

/** A client, owned by the member who created it (or to whom an admin passed it). */
export interface ClientsTable {
  id: Generated<number>;
  project_id: number;
  manager_id: number;
  category_id: number;
  name: string;
  last_name: string;
  amount: number;
  /** 0/1: came from paid traffic ('Траффик') rather than the farm. */
  traffic: number;
  /** When it entered its current category: automatic moves count from here. */
  category_entered_at: string;
  created_at: string;
  updated_at: string;
  /** The import that created it (null: added by a person). */
  import_id: Generated<number | null>;
  /** name and last_name folded (search/search.text.ts), for 1–2 letter prefixes and the sort. */
  name_key: Generated<string>;
  last_name_key: Generated<string>;
  /** Name, last name and searchable values folded: what the trigram index holds. */
  search_text: Generated<string>;
}

export type ClientRow = Selectable<ClientsTable>;

declare module '../db/schema.js' {
  interface Database {
    clients: ClientsTable;
  }
}
