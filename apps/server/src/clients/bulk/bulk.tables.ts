import type { Generated } from 'kysely';
import type { ClientBulkAction, ClientBulkStatus, Role } from '@crm/contract';

/**
 * A bulk action on clients (docs/product.md §4.8 "Bulk actions"): who started it (his role then:
 * a manager's reaches his own clients only), what it does (`payload`, JSON: the stage, the manager,
 * the reminder), how far it is, and the worker holding it (the scheduler's holder id, until when).
 */
export interface ClientBulkActionsTable {
  id: Generated<number>;
  project_id: number;
  created_by: number;
  impersonator_id: number | null;
  role: Role;
  action: ClientBulkAction;
  payload: string;
  status: ClientBulkStatus;
  total: number;
  done: Generated<number>;
  skipped: Generated<number>;
  problem: string | null;
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** The clients a bulk action acts on, fixed when it starts; `done` (0/1) once its batch committed. */
export interface ClientBulkItemsTable {
  bulk_id: number;
  client_id: number;
  done: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    client_bulk_actions: ClientBulkActionsTable;
    client_bulk_items: ClientBulkItemsTable;
  }
}
