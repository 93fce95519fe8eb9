import type { Generated, Selectable } from 'kysely';

/** A manager level; exactly one default per project once any exists. */
export interface StatusesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** name folded to lower case, unique per project. */
  name_key: string;
  is_default: number;
  deposit_goal: number;
  created_at: string;
  updated_at: string;
}

/** How many clients a manager of the status should bring into the category. */
export interface StatusGoalsTable {
  project_id: number;
  status_id: number;
  client_category_id: number;
  goal: number;
}

export type StatusRow = Selectable<StatusesTable>;

declare module '../db/schema.js' {
  interface Database {
    statuses: StatusesTable;
    status_goals: StatusGoalsTable;
  }
}
