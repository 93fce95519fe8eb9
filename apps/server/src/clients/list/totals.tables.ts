import type { Generated } from 'kysely';

/** Each stage's clients and sum of amounts, per manager, as folded from the changes (migration 2026_12_01_1000). */
export interface ClientStageTotalsTable {
  project_id: number;
  category_id: number;
  manager_id: number;
  clients: number;
  amount: number;
}

/** A client's entry into (+1) or exit from (−1) a stage and manager, with his amount; written by triggers. */
export interface ClientTotalChangesTable {
  id: Generated<number>;
  project_id: number;
  category_id: number;
  manager_id: number;
  clients: number;
  amount: number;
}

declare module '../../db/schema.js' {
  interface Database {
    client_stage_totals: ClientStageTotalsTable;
    client_total_changes: ClientTotalChangesTable;
  }
}
