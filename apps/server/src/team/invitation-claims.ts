import { accessChangedOnCommit } from '../identity/access-cache.js';
import { createHash } from 'node:crypto';
import { roleLabels, type Role } from '@crm/contract';
import type { Db } from '../db/database.js';
import type { Tx } from '../deps.js';
import { findDefaultStatus } from '../statuses/index.js';
import type { InvitationRow } from './team.tables.js';
import {
  acceptInvitationRow,
  findInvitationByHash,
  findMembership,
  findProjectName,
  findUserName,
  insertMember,
  markEmailVerified,
} from './team.repository.js';

/**
 * Joining a project, by accepting an invitation while signed in or by registering with its
 * token (the accounts feature calls in through team/index.ts): both follow the same rules.
 */

/** Invitation tokens are 256-bit secrets; only their SHA-256 is stored. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Adds a member; a manager starts on the project's default status. */
export async function addMember(db: Db, at: Date, projectId: number, userId: number, role: Role) {
  const statusId = role === 'manager' ? ((await findDefaultStatus(db, projectId))?.id ?? null) : null;
  await insertMember(db, {
    project_id: projectId,
    user_id: userId,
    role,
    status_id: statusId,
    created_at: at.toISOString(),
  });
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
  findInvitationByHash(db, hashInvitationToken(token));

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

  const existing = await findMembership(trx, invitation.project_id, user.id);
  if (existing) {
    // A double click: the other request accepted it a moment ago, and says so the same way.
    const current = await findInvitationByToken(trx, token);
    return {
      ok: false,
      problem:
        current?.status === 'accepted' && current.accepted_by === user.id ? 'accepted' : 'already_member',
    };
  }

  const claimed = await acceptInvitationRow(trx, invitation.id, user.id, now);
  if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, problem: 'accepted' };

  await addMember(trx, tx.now, invitation.project_id, user.id, invitation.role);
  await markEmailVerified(trx, user.id, now);
  accessChangedOnCommit(tx, { userId: user.id });

  const projectName = await findProjectName(trx, invitation.project_id);
  const personName = await findUserName(trx, user.id);
  await tx.record({
    projectId: invitation.project_id,
    actorId: user.id,
    kind: 'invitation.accepted',
    subjectType: 'invitation',
    subjectId: invitation.id,
    message: `Приглашение принято: ${personName} (${invitation.email}) теперь в команде, роль «${roleLabels[invitation.role]}»`,
    before: { status: 'pending' },
    after: { status: 'accepted', user_id: user.id, role: invitation.role },
  });
  return {
    ok: true,
    invitation: { ...invitation, status: 'accepted', accepted_by: user.id, accepted_at: now },
    projectName,
  };
}
