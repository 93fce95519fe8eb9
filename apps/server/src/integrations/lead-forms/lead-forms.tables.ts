import type { Generated } from 'kysely';
import type { LeadManagerRule } from '@crm/contract';

export interface LeadFormsTable {
  id: Generated<number>;
  project_id: number;
  /** The form's technical user: the actor of the clients it creates. */
  user_id: number;
  name: string;
  public_key: string;
  token_secret: string;
  /** A JSON array of the client form's field ids, in the order asked. */
  field_ids: string;
  category_id: number;
  manager_rule: LeadManagerRule;
  manager_id: number | null;
  rotation_last: number | null;
  thank_you: string;
  /** A JSON array of site origins ('https://example.com'). */
  origins: string;
  enabled: number;
  submissions: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    lead_forms: LeadFormsTable;
  }
}
