import type { Generated } from 'kysely';

/** A client's stay in a stage; `left_at` and `seconds` stay null while he is still there. */
export interface ClientStageStaysTable {
  id: Generated<number>;
  project_id: number;
  client_id: number;
  /** Whose client he was when he entered: the goals credit that manager. */
  manager_id: number;
  category_id: number;
  /** 1: his first stay in this stage (the funnel and the goals count these). */
  first_entry: number;
  entered_at: string;
  left_at: string | null;
  seconds: number | null;
  /** Entering a 'Отказ' stage: the reason of the clients' list (null: an own text, or none). */
  loss_reason_id: Generated<number | null>;
  /** Entering a 'Отказ' stage: the reason's name at the move, or the own text ('Другое'). */
  loss_reason: Generated<string | null>;
  /** Entering a 'Успех' or 'Отказ' stage by a move: seconds since his first stage entry. */
  seconds_from_start: Generated<number | null>;
}

declare module '../db/schema.js' {
  interface Database {
    client_stage_stays: ClientStageStaysTable;
  }
}
