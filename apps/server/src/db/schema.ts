import type { Generated, Insertable, Selectable } from 'kysely';
import type { Role } from '@crm/contract';

/** Timestamps are ISO-8601 UTC text; booleans 0/1 (portable across SQLite and PostgreSQL). */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export type TokenKind = 'session' | 'member_access';

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  secret_hash: string;
  kind: TokenKind;
  /** member_access tokens work only in this project. */
  project_id: number | null;
  impersonator_id: number | null;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  timezone: string;
  created_at: string;
  updated_at: string;
}

export interface ProjectMembersTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  role: Role;
  status_id: number | null;
  created_at: string;
}

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

/** A manager level (spec §3 Status); exactly one default per project once any exists. */
export interface StatusesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** name folded to lower case, unique per project. */
  name_key: string;
  is_default: number;
  deposit_goal: number;
  created_at: string;
  updated_at: string;
}

/** How many clients a manager of the status should bring into the category. */
export interface StatusGoalsTable {
  project_id: number;
  status_id: number;
  client_category_id: number;
  goal: number;
}

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

/** Every change in a project, as a readable Russian sentence plus before/after JSON. */
export interface HistoryEventsTable {
  id: Generated<number>;
  project_id: number;
  actor_id: number | null;
  impersonator_id: number | null;
  kind: string;
  subject_type: string;
  subject_id: number | null;
  message: string;
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  statuses: StatusesTable;
  status_goals: StatusGoalsTable;
  invitations: InvitationsTable;
  history_events: HistoryEventsTable;
  email_verifications: OneTimeLinksTable;
  password_resets: OneTimeLinksTable;
  login_failures: LoginFailuresTable;
  oauth_states: OauthStatesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type StatusRow = Selectable<StatusesTable>;
export type InvitationRow = Selectable<InvitationsTable>;

/** Every column of a user row, for queries that join `users as u` and rebuild a UserRow. */
export const userColumns = [
  'u.id',
  'u.name',
  'u.email',
  'u.password_hash',
  'u.email_verified_at',
  'u.created_at',
  'u.updated_at',
] as const;
