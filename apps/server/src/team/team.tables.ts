import type { Generated, Selectable } from 'kysely';

export type InvitationState = 'pending' | 'accepted' | 'revoked' | 'expired';

export interface InvitationsTable {
  id: Generated<number>;
  project_id: number;
  email: string;
  role: 'admin' | 'manager';
  token_hash: string;
  status: InvitationState;
  invited_by: number | null;
  accepted_by: number | null;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export type InvitationRow = Selectable<InvitationsTable>;

declare module '../db/schema.js' {
  interface Database {
    invitations: InvitationsTable;
  }
}
