import type { Generated } from 'kysely';
import type { TokenScope } from '../../db/schema.js';

export interface ApiKeysTable {
  id: Generated<number>;
  project_id: number;
  /** The key's technical user: the actor of what it does. */
  user_id: number;
  /** Its access token; null once revoked. */
  token_id: number | null;
  name: string;
  scope: TokenScope;
  /** The last day it works (the project's days). */
  expires_on: string | null;
  created_by: number | null;
  created_at: string;
  revoked_at: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    api_keys: ApiKeysTable;
  }
}
