import type { Generated } from 'kysely';

/** One-use links (email verification, password recovery): only the SHA-256 of the token is kept. */
export interface OneTimeLinksTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: string;
}

export interface OauthStatesTable {
  state: string;
  code_verifier: string;
  nonce: string;
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    email_verifications: OneTimeLinksTable;
    password_resets: OneTimeLinksTable;
    login_failures: LoginFailuresTable;
    oauth_states: OauthStatesTable;
  }
}
