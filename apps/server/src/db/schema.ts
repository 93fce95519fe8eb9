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

export interface Database {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
