import type { Role } from '@crm/contract';
import type { Db } from '../db/database.js';
import { reusableList } from '../db/reusable-query.js';
import { userColumns, type ProjectMembersTable } from '../db/schema.js';
import type { InvitationsTable } from './team.tables.js';
import type { Insertable } from 'kysely';

// ---- invitations -------------------------------------------------------------------------

const invitationColumns = ['id', 'email', 'role', 'created_at', 'expires_at'] as const;

export const listPendingInvitations = (db: Db, projectId: number, now: string) =>
  db
    .selectFrom('invitations')
    .select(invitationColumns)
    .where('project_id', '=', projectId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const findPendingInvitation = (db: Db, projectId: number, id: number, now: string) =>
  db
    .selectFrom('invitations')
    .select(invitationColumns)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();

export const findPendingInvitationByEmail = (db: Db, projectId: number, email: string, now: string) =>
  db
    .selectFrom('invitations')
    .select('id')
    .where('project_id', '=', projectId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();

/** Pending invitations past their time become expired, so that a new one may be sent. */
export const expireStaleInvitations = (db: Db, projectId: number, email: string, now: string) =>
  db
    .updateTable('invitations')
    .set({ status: 'expired' })
    .where('project_id', '=', projectId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();

export const findInvitationByHash = (db: Db, tokenHash: string) =>
  db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Accepts a pending, unexpired invitation: the conditional update is the claim. */
export const acceptInvitationRow = (db: Db, id: number, userId: number, now: string) =>
  db
    .updateTable('invitations')
    .set({ status: 'accepted', accepted_by: userId, accepted_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();

export const insertInvitation = (db: Db, values: Insertable<InvitationsTable>) =>
  db.insertInto('invitations').values(values).returning(invitationColumns).executeTakeFirstOrThrow();

export const revokeInvitationRow = (db: Db, projectId: number, id: number, now: string) =>
  db
    .updateTable('invitations')
    .set({ status: 'revoked', revoked_at: now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();

/** Undoes an invitation whose email could not be sent (nobody has its token). */
export const deleteInvitationRow = (db: Db, projectId: number, id: number) =>
  db.deleteFrom('invitations').where('project_id', '=', projectId).where('id', '=', id).execute();

export const findProjectName = async (db: Db, projectId: number) =>
  (await db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirstOrThrow()).name;

export const findUserName = async (db: Db, userId: number) =>
  (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow()).name;

/** Marks the user's address verified, unless it already was. */
export const markEmailVerified = (db: Db, userId: number, now: string) =>
  db
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();

// ---- members -----------------------------------------------------------------------------

export const listMembers = (db: Db, projectId: number, role?: Role) => {
  let query = db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'm.role'])
    .where('m.project_id', '=', projectId);
  if (role) query = query.where('m.role', '=', role);
  return query.orderBy('u.name').orderBy('u.id').execute();
};

/** The project's administrators (admins and the super admin): who hears about every client and question. */
export const projectAdminIds = async (db: Db, projectId: number) =>
  (
    await db
      .selectFrom('project_members')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('role', 'in', ['admin', 'super_admin'])
      .execute()
  ).map((r) => r.user_id);

/** The managers page and pickers read it often: reusable. */
export const listTeam = reusableList((db: Db, projectId: number) =>
  db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email', 'm.role', 'm.created_at as joined_at', 'm.status_id'])
    .where('m.project_id', '=', projectId)
    .orderBy('m.created_at')
    .orderBy('u.id'),
);

/** A member of the project with his user row, or undefined. */
export const findMember = (db: Db, projectId: number, userId: number) =>
  db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([...userColumns, 'm.role', 'm.status_id'])
    .where('m.project_id', '=', projectId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();

export const findMembership = (db: Db, projectId: number, userId: number) =>
  db
    .selectFrom('project_members')
    .select('id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const insertMember = (db: Db, values: Insertable<ProjectMembersTable>) =>
  db.insertInto('project_members').values(values).execute();

export const findMemberByEmail = (db: Db, projectId: number, email: string) =>
  db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.id')
    .where('m.project_id', '=', projectId)
    .where('u.email', '=', email)
    .executeTakeFirst();

export const setMemberStatus = (db: Db, projectId: number, userId: number, statusId: number) =>
  db
    .updateTable('project_members')
    .set({ status_id: statusId })
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();

export const deleteMember = (db: Db, projectId: number, userId: number) =>
  db
    .deleteFrom('project_members')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();

/**
 * Ends the project's impersonation sessions that involve the user: into his account, or his own
 * switches into managers' accounts (those tokens belong to the manager and would outlive him).
 */
export const revokeMemberAccessTokens = (db: Db, projectId: number, userId: number) =>
  db
    .deleteFrom('access_tokens')
    .where('kind', '=', 'member_access')
    .where('project_id', '=', projectId)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('impersonator_id', '=', userId)]))
    .execute();
