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
  /** 'won' / 'lost': the stage ends the pipeline (docs/product.md §4.6); null: an ordinary stage. */
  outcome: Generated<'won' | 'lost' | null>;
  created_at: string;
  updated_at: string;
}

/** A reason a client was lost, from the project's list the admins keep. */
export interface LossReasonsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** name folded to lower case, unique per project. */
  name_key: string;
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

export type ClientCategoryRow = Selectable<ClientCategoriesTable>;
export type ClueRow = Selectable<CluesTable>;

declare module '../../db/schema.js' {
  interface Database {
    client_categories: ClientCategoriesTable;
    clues: CluesTable;
    loss_reasons: LossReasonsTable;
  }
}
