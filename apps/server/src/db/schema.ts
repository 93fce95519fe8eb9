import type { Generated, Insertable, Selectable } from 'kysely';
import type { PhoneCountry, Role } from '@crm/contract';

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

/** A person's sign-in, an admin's switch into a manager, or a project's API key (docs/decisions.md). */
export type TokenKind = 'session' | 'member_access' | 'api_key';
export type TokenScope = 'read' | 'write';

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  secret_hash: string;
  kind: TokenKind;
  /** member_access tokens work only in this project. */
  project_id: number | null;
  impersonator_id: number | null;
  /** A switch's: the admin's session it was made from (it ends with that session). */
  issuer_token_id: number | null;
  expires_at: string | null;
  last_used_at: string | null;
  /** An API key's: what it may do; null for the others. */
  scope: TokenScope | null;
  created_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  timezone: string;
  /** ISO 3166 alpha-2 (the contract's PHONE_COUNTRIES): numbers without a country code are its. */
  phone_country: Generated<PhoneCountry>;
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

/** Every change in a project, as a readable Russian sentence plus before/after JSON. */
export interface HistoryEventsTable {
  id: Generated<number>;
  project_id: number;
  actor_id: number | null;
  impersonator_id: number | null;
  kind: string;
  subject_type: string;
  subject_id: number | null;
  /** The client the entry is about, if any: a manager reads the history of his own clients. */
  client_id: number | null;
  message: string;
  before: string | null;
  after: string | null;
  created_at: string;
}

/**
 * The tables every feature may read: people, their sign-ins, projects, memberships and the
 * history. A feature's own tables are declared in its `<feature>.tables.ts`, which adds them
 * to this interface.
 */
export interface Database {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  history_events: HistoryEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;

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
