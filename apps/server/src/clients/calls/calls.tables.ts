import type { Generated } from 'kysely';

/** A call to a client, logged by the member who made it. */
export interface ClientCallsTable {
  id: Generated<number>;
  project_id: number;
  client_id: number;
  author_id: number;
  /** One of CALL_OUTCOMES. */
  outcome: string;
  /** Seconds. */
  duration: number;
  comment: string;
  called_at: string;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    client_calls: ClientCallsTable;
  }
}
