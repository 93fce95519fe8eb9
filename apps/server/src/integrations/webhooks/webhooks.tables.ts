import type { Generated } from 'kysely';

export interface WebhooksTable {
  id: Generated<number>;
  project_id: number;
  url: string;
  /** A JSON array of WebhookEvent names. */
  events: string;
  /** `whsec_` + base64 of the 32 bytes the signatures are made with. */
  secret: string;
  enabled: number;
  disabled_reason: string | null;
  failing_since: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  message_id: string;
  event: string;
  /** `client:<id>`: one client's deliveries leave in order; null: no order to keep. */
  order_key: string | null;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  response: string | null;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    webhooks: WebhooksTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}
