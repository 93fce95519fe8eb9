import { randomBytes } from 'node:crypto';
import {
  INVITATION_TTL_DAYS,
  roleLabels,
  type InvitationAccepted,
  type InvitationCreateBody,
  type InvitationPreview,
} from '@crm/contract';
import { lockProject } from '../db/project-lock.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import type { Actor } from '../http/actor.js';
import { AppError, invalidField, notFound } from '../http/app-error.js';
import type { ResolvedToken } from '../identity/tokens.js';
import { letter } from '../mail/templates.js';
import {
  claimInvitation,
  findInvitationByToken,
  hashInvitationToken,
  invitationProblem,
  type InvitationProblem,
} from './invitation-claims.js';
import {
  deleteInvitationRow,
  expireStaleInvitations,
  findMemberByEmail,
  findPendingInvitation,
  findPendingInvitationByEmail,
  findProjectName,
  insertInvitation,
  revokeInvitationRow,
} from './team.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const ALREADY_MEMBER = 'Этот пользователь уже состоит в проекте';
const ALREADY_INVITED = 'Приглашение на эту почту уже отправлено и ещё действует';

/** What each unusable state tells the person holding the link. */
const problemErrors: Record<InvitationProblem, () => AppError> = {
  unknown: () => notFound('Приглашение не найдено: проверьте ссылку из письма'),
  accepted: () => notFound('Это приглашение уже принято'),
  revoked: () => notFound('Это приглашение отозвано администратором проекта'),
  expired: () => notFound('Срок действия приглашения истёк: попросите администратора проекта прислать новое'),
  email_mismatch: () =>
    invalidField(
      'email',
      'Приглашение отправлено на другой адрес: войдите под почтой, на которую пришло письмо',
    ),
  already_member: () => invalidField('invitation', 'Вы уже состоите в этом проекте'),
};

/**
 * Creates the invitation and emails its link. A second pending invitation for the address, or
 * inviting a member, is refused (422 on email). If the email cannot be sent, the invitation is
 * undone (nobody could use it) and the admin is told to retry.
 */
export async function inviteMember(deps: AppDeps, who: Actor, input: Required<InvitationCreateBody>) {
  const { db, config, mailer } = deps;
  const token = randomBytes(32).toString('base64url');
  const { invitation, projectName } = await transaction(deps, async (tx) => {
    const trx = tx.db;
    await lockProject(trx, who.projectId);
    const now = tx.now;
    const nowIso = now.toISOString();
    if (await findMemberByEmail(trx, who.projectId, input.email)) throw invalidField('email', ALREADY_MEMBER);
    await expireStaleInvitations(trx, who.projectId, input.email, nowIso);
    if (await findPendingInvitationByEmail(trx, who.projectId, input.email, nowIso)) {
      throw invalidField('email', ALREADY_INVITED);
    }
    const row = await insertInvitation(trx, {
      project_id: who.projectId,
      email: input.email,
      role: input.role,
      token_hash: hashInvitationToken(token),
      status: 'pending',
      invited_by: who.actorId,
      accepted_by: null,
      expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString(),
      accepted_at: null,
      revoked_at: null,
      created_at: nowIso,
    });
    return { invitation: row, projectName: await findProjectName(trx, who.projectId) };
  });

  try {
    await mailer.send(invitationLetter(config.appUrl, token, projectName, who.actorName, invitation));
  } catch {
    await deleteInvitationRow(db, who.projectId, invitation.id);
    throw new AppError(503, 'Не удалось отправить письмо с приглашением, попробуйте ещё раз');
  }

  await transaction(deps, (tx) =>
    tx.record({
      ...who,
      kind: 'invitation.sent',
      subjectType: 'invitation',
      subjectId: invitation.id,
      message: `Отправлено приглашение на ${invitation.email}, роль «${roleLabels[invitation.role]}»`,
      after: { email: invitation.email, role: invitation.role, expires_at: invitation.expires_at },
    }),
  );
  return invitation;
}

function invitationLetter(
  appUrl: string,
  token: string,
  projectName: string,
  inviterName: string,
  invitation: { email: string; role: 'admin' | 'manager' },
) {
  return letter({
    to: invitation.email,
    subject: `Приглашение в проект «${projectName}»`,
    greeting: 'Здравствуйте!',
    lines: [
      `${inviterName} приглашает вас в команду проекта «${projectName}», роль «${roleLabels[invitation.role]}».`,
      `Зарегистрируйтесь или войдите под адресом ${invitation.email} по ссылке ниже. Приглашение действует ${INVITATION_TTL_DAYS} дней.`,
    ],
    action: 'Принять приглашение',
    url: `${appUrl}/registration?invitation=${encodeURIComponent(token)}`,
    footer: 'Если вы не ждали этого письма, просто не отвечайте на него.',
  });
}

export async function revokeInvitation(deps: AppDeps, who: Actor, id: number) {
  await transaction(deps, async (tx) => {
    const trx = tx.db;
    const now = tx.now.toISOString();
    const invitation = await findPendingInvitation(trx, who.projectId, id, now);
    if (!invitation) throw notFound('Приглашение не найдено');
    await revokeInvitationRow(trx, who.projectId, id, now);
    await tx.record({
      ...who,
      kind: 'invitation.revoked',
      subjectType: 'invitation',
      subjectId: id,
      message: `Отозвано приглашение на ${invitation.email}`,
      before: { status: 'pending' },
      after: { status: 'revoked' },
    });
  });
}

/** For the registration page: which project, address and role; 404 when unusable. */
export async function previewInvitation({ db, clock }: AppDeps, token: string): Promise<InvitationPreview> {
  const invitation = await findInvitationByToken(db, token);
  const problem = invitationProblem(invitation, clock.now().toISOString());
  if (problem || !invitation) throw problemErrors[problem ?? 'unknown']();
  return {
    project_name: await findProjectName(db, invitation.project_id),
    email: invitation.email,
    role: invitation.role,
  };
}

/** The signed-in user joins the project with the invitation's role. */
export async function acceptInvitation(
  deps: AppDeps,
  auth: ResolvedToken,
  token: string,
): Promise<InvitationAccepted> {
  const claim = await transaction(deps, (tx) => claimInvitation(tx, token, auth.user));
  if (!claim.ok) throw problemErrors[claim.problem]();
  return {
    project_id: claim.invitation.project_id,
    project_name: claim.projectName,
    role: claim.invitation.role,
  };
}
