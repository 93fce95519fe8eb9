import { accessChangedOnCommit } from '../identity/access-cache.js';
import { createHash } from 'node:crypto';
import { roleLabels, type Role } from '@crm/contract';
import type { Db } from '../db/database.js';
import type { Tx } from '../deps.js';
import { findDefaultStatus } from '../statuses/index.js';
import type { InvitationRow } from './team.tables.js';

/**
 * Joining a project, by accepting an invitation while signed in or by registering with its
 * token (the accounts feature calls in through team/index.ts): both follow the same rules.
 */

/** Invitation tokens are 256-bit secrets; only their SHA-256 is stored. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Adds a member; a manager starts on the project's default status. */
export async function addMember(db: Db, at: Date, projectId: number, userId: number, role: Role) {
  const statusId = role === 'manager' ? ((await findDefaultStatus(db, projectId))?.id ?? null) : null;
  await db
    .insertInto('project_members')
    .values({
      project_id: projectId,
      user_id: userId,
      role,
      status_id: statusId,
      created_at: at.toISOString(),
    })
    .execute();
  return { projectId, userId, role, statusId };
}

export type InvitationProblem =
  'unknown' | 'accepted' | 'revoked' | 'expired' | 'email_mismatch' | 'already_member';

/** Why a stored invitation can no longer be used, or null while it is pending and unexpired. */
export function invitationProblem(row: InvitationRow | undefined, now: string) {
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
  tx: Tx,
  token: string,
  user: { id: number; email: string },
): Promise<InvitationClaim> {
  const trx = tx.db;
  const now = tx.now.toISOString();
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

  await addMember(trx, tx.now, invitation.project_id, user.id, invitation.role);
  await trx
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', user.id)
    .where('email_verified_at', 'is', null)
    .execute();
  accessChangedOnCommit(tx, { userId: user.id });

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
  await tx.record({
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
