import type { Generated, Selectable } from 'kysely';

/** A pipeline stage of a project, in `position` order. */
export interface ClientCategoriesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** name folded to lower case, unique per project. */
  name_key: string;
  /** Six hex digits, upper case, without '#'. */
  color: string;
  /** Where its clients go next (set null when that category is deleted). */
  next_category_id: number | null;
  /** Seconds; > 0 with a next category: clients move on by themselves after it. */
  duration: number;
  position: number;
  created_at: string;
  updated_at: string;
}

/** A rich-text hint on a category (type client_category) or a select option (form_field_option). */
export interface CluesTable {
  id: Generated<number>;
  project_id: number;
  type: 'client_category' | 'form_field_option';
  type_id: number;
  clue: string;
  created_at: string;
  updated_at: string;
}

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
  /** name and last_name folded (search/search.text.ts), for 1–2 letter prefixes and the sort. */
  name_key: Generated<string>;
  last_name_key: Generated<string>;
  /** Name, last name and searchable values folded: what the trigram index holds. */
  search_text: Generated<string>;
}

export type ClientCategoryRow = Selectable<ClientCategoriesTable>;
export type ClueRow = Selectable<CluesTable>;
export type ClientRow = Selectable<ClientsTable>;

declare module '../db/schema.js' {
  interface Database {
    client_categories: ClientCategoriesTable;
    clues: CluesTable;
    clients: ClientsTable;
  }
}
