import { accessChangedOnCommit } from '../identity/access-cache.js';
import {
  isAdminRole,
  MEMBER_ACCESS_TTL_HOURS,
  roleLabels,
  type ProjectUser,
  type TeamMember,
} from '@crm/contract';
import type { Db } from '../db/database.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import type { Membership } from '../http/access.js';
import type { Actor } from '../http/actor.js';
import { forbidden, invalidField, notFound } from '../http/app-error.js';
import { issueToken } from '../identity/tokens.js';
import { loadUserView } from '../identity/user-view.js';
import { findStatus, listStatuses } from '../statuses/index.js';
import {
  deleteMember,
  findMember,
  findProjectName,
  listTeam,
  revokeMemberAccessTokens,
  setMemberStatus,
} from './team.repository.js';

const MEMBER_NOT_FOUND = 'Участник проекта не найден';

async function requireMember(db: Db, projectId: number, userId: number) {
  const member = await findMember(db, projectId, userId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

export async function loadTeam({ db }: AppDeps, projectId: number): Promise<TeamMember[]> {
  const [rows, statuses] = await Promise.all([listTeam(db, projectId), listStatuses(db, projectId)]);
  const statusName = new Map(statuses.map((s) => [s.id, s.name]));
  return rows.map((r) => {
    const name = r.status_id === null ? undefined : statusName.get(r.status_id);
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      status: r.status_id !== null && name !== undefined ? { id: r.status_id, name } : null,
      joined_at: r.joined_at,
    };
  });
}

/** GET /users/{userId}: admins see anyone in the project; anybody else only himself. */
export async function loadProjectUser(
  deps: AppDeps,
  caller: Membership,
  userId: number,
): Promise<ProjectUser> {
  if (!isAdminRole(caller.role) && caller.userId !== userId) throw forbidden();
  return projectUserView(deps, caller.projectId, await requireMember(deps.db, caller.projectId, userId));
}

async function projectUserView(
  deps: Pick<AppDeps, 'db' | 'access'>,
  projectId: number,
  member: NonNullable<Awaited<ReturnType<typeof findMember>>>,
): Promise<ProjectUser> {
  const { role, status_id, ...user } = member;
  return {
    user: await loadUserView(deps, user),
    project_data: { project_id: projectId, role, status_id },
  };
}

/** Only managers have a status; it must be one of the project's. */
export function changeMemberStatus(deps: AppDeps, who: Actor, userId: number, statusId: number) {
  return transaction(deps, async (tx) => {
    const trx = tx.db;
    const member = await requireMember(trx, who.projectId, userId);
    const status = await findStatus(trx, who.projectId, statusId);
    if (!status) throw invalidField('status_id', 'Статус не найден');
    if (member.role !== 'manager') throw invalidField('status_id', 'Статус назначается только менеджерам');
    if (member.status_id !== status.id) {
      const old =
        member.status_id === null ? undefined : await findStatus(trx, who.projectId, member.status_id);
      await setMemberStatus(trx, who.projectId, userId, status.id);
      accessChangedOnCommit(tx, { userId });
      await tx.record({
        ...who,
        kind: 'member.status_changed',
        subjectType: 'user',
        subjectId: userId,
        message: `Статус менеджера ${member.name}: «${old?.name ?? 'без статуса'}» → «${status.name}»`,
        before: { status_id: member.status_id, status: old?.name ?? null },
        after: { status_id: status.id, status: status.name },
      });
    }
    return projectUserView({ db: trx, access: deps.access }, who.projectId, {
      ...member,
      status_id: status.id,
    });
  });
}

/**
 * Nobody removes the project's super admin, nor himself; the member's sessions in it end. What
 * he owns passes to the admin who removes him, so nothing is lost: each feature that gives
 * members something to own handles `member.removed` in this transaction.
 */
export function removeMember(deps: AppDeps, who: Actor, userId: number) {
  return transaction(deps, async (tx) => {
    const member = await requireMember(tx.db, who.projectId, userId);
    if (userId === who.actorId) throw forbidden('Нельзя удалить из проекта самого себя');
    if (member.role === 'super_admin') throw forbidden('Создателя проекта (супер-админа) удалить нельзя');
    await tx.record({
      ...who,
      kind: 'member.removed',
      subjectType: 'user',
      subjectId: userId,
      message: `Удаление из команды: ${member.name} (${member.email}), роль «${roleLabels[member.role]}»`,
      before: { user_id: userId, role: member.role, status_id: member.status_id },
      after: null,
      data: { userId, successorId: who.actorId },
    });
    await deleteMember(tx.db, who.projectId, userId);
    await revokeMemberAccessTokens(tx.db, who.projectId, userId);
    accessChangedOnCommit(tx, { userId }, { projectId: who.projectId });
    // His open pages are told, once, and leave the project.
    const projectName = await findProjectName(tx.db, who.projectId);
    tx.onCommit(() =>
      tx.deps.publisher.publish(`user:${userId}`, {
        type: 'membership.ended',
        payload: { project_id: who.projectId, project_name: projectName },
      }),
    );
  });
}

/**
 * The role admin switches into a manager of the same project (docs/product.md §3.5): a member_access
 * token for the manager, valid two hours, usable only in this project, ending with the admin's
 * session `issuerTokenId` it is made from; the switch is recorded.
 */
export function issueMemberAccess(deps: AppDeps, who: Actor, memberId: number, issuerTokenId: number) {
  return transaction(deps, async (tx) => {
    const member = await requireMember(tx.db, who.projectId, memberId);
    if (member.role !== 'manager') throw invalidField('memberId', 'Войти можно только в аккаунт менеджера');
    const expiresAt = new Date(tx.now.getTime() + MEMBER_ACCESS_TTL_HOURS * 3600_000).toISOString();
    const accessToken = await issueToken(tx.db, tx.now, member.id, {
      kind: 'member_access',
      projectId: who.projectId,
      impersonatorId: who.actorId,
      issuerTokenId,
      expiresAt,
    });
    await tx.record({
      ...who,
      kind: 'impersonation.started',
      subjectType: 'user',
      subjectId: member.id,
      message: `Вход в аккаунт менеджера ${member.name} (администратор ${who.actorName}) на ${MEMBER_ACCESS_TTL_HOURS} часа`,
      after: { manager_id: member.id, expires_at: expiresAt },
    });
    return { access_token: accessToken };
  });
}
