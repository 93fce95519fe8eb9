import type { Generated } from 'kysely';
import type { NotificationType } from '@crm/contract';

/** What a person is told: `data` is the JSON of the notification's `data` (the reminder, the client). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  type: NotificationType;
  message: string;
  data: string;
  read_at: string | null;
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    notifications: NotificationsTable;
  }
}
