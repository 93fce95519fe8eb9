import { createHash } from 'node:crypto';
import { roleLabels, type Role } from '@crm/contract';
import type { Db } from './database.js';
import { recordHistory } from './history.js';
import type { InvitationRow } from './schema.js';

/**
 * Joining a project, shared by the team feature (accepting an invitation while signed in) and
 * accounts (registering with an invitation token): both must follow the same rules.
 */

/** Invitation tokens are 256-bit secrets; only their SHA-256 is stored. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The project's default status (new managers get it), or null when it has no statuses. */
export async function findDefaultStatusId(db: Db, projectId: number): Promise<number | null> {
  const row = await db
    .selectFrom('statuses')
    .select('id')
    .where('project_id', '=', projectId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Adds a member; a manager starts on the project's default status. */
export async function addMember(db: Db, projectId: number, userId: number, role: Role) {
  const statusId = role === 'manager' ? await findDefaultStatusId(db, projectId) : null;
  await db
    .insertInto('project_members')
    .values({
      project_id: projectId,
      user_id: userId,
      role,
      status_id: statusId,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { projectId, userId, role, statusId };
}

export type InvitationProblem =
  'unknown' | 'accepted' | 'revoked' | 'expired' | 'email_mismatch' | 'already_member';

/** Why a stored invitation can no longer be used, or null while it is pending and unexpired. */
export function invitationProblem(row: InvitationRow | undefined, now = new Date().toISOString()) {
  if (!row) return 'unknown' as const;
  if (row.status === 'accepted' || row.status === 'revoked' || row.status === 'expired') return row.status;
  return row.expires_at <= now ? ('expired' as const) : null;
}

export const findInvitationByToken = (db: Db, token: string) =>
  db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', hashInvitationToken(token))
    .executeTakeFirst();

export type InvitationClaim =
  { ok: true; invitation: InvitationRow; projectName: string } | { ok: false; problem: InvitationProblem };

/**
 * Uses an invitation for a user, inside the caller's transaction: the token must be pending and
 * unexpired and sent to the user's address. Marks it accepted (atomically: two claims cannot
 * both win), adds the membership, marks the address verified (the token came to it), and writes
 * the history.
 */
export async function claimInvitation(
  trx: Db,
  token: string,
  user: { id: number; email: string },
): Promise<InvitationClaim> {
  const now = new Date().toISOString();
  const invitation = await findInvitationByToken(trx, token);
  const problem = invitationProblem(invitation, now);
  if (problem || !invitation) return { ok: false, problem: problem ?? 'unknown' };
  if (invitation.email !== user.email.trim().toLowerCase()) return { ok: false, problem: 'email_mismatch' };

  const existing = await trx
    .selectFrom('project_members')
    .select('id')
    .where('project_id', '=', invitation.project_id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (existing) return { ok: false, problem: 'already_member' };

  const claimed = await trx
    .updateTable('invitations')
    .set({ status: 'accepted', accepted_by: user.id, accepted_at: now })
    .where('id', '=', invitation.id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, problem: 'accepted' };

  await addMember(trx, invitation.project_id, user.id, invitation.role);
  await trx
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', user.id)
    .where('email_verified_at', 'is', null)
    .execute();

  const project = await trx
    .selectFrom('projects')
    .select('name')
    .where('id', '=', invitation.project_id)
    .executeTakeFirstOrThrow();
  const person = await trx
    .selectFrom('users')
    .select('name')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  await recordHistory(trx, {
    projectId: invitation.project_id,
    actorId: user.id,
    kind: 'invitation.accepted',
    subjectType: 'invitation',
    subjectId: invitation.id,
    message: `Приглашение принято: ${person.name} (${invitation.email}) теперь в команде, роль «${roleLabels[invitation.role]}»`,
    before: { status: 'pending' },
    after: { status: 'accepted', user_id: user.id, role: invitation.role },
  });
  return {
    ok: true,
    invitation: { ...invitation, status: 'accepted', accepted_by: user.id, accepted_at: now },
    projectName: project.name,
  };
}

/**
 * For accounts/register with `invitation_token` (PRODUCT.md §2), inside the registration's
 * transaction: true when the new user joined the project (his address is then verified);
 * false when the token is unusable, and the registration goes on as an ordinary one.
 */
export async function acceptInvitationOnRegister(
  trx: Db,
  token: string,
  user: { id: number; email: string },
): Promise<boolean> {
  return (await claimInvitation(trx, token, user)).ok;
}
