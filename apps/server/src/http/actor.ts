import type { FastifyRequest } from 'fastify';
import { isAdminRole, type Role } from '@crm/contract';
import { authOf, memberOf } from './access.js';

/** Who acts, in which project: written into the history (and named in emails). */
export type Actor = { projectId: number; actorId: number; impersonatorId: number | null; actorName: string };

/** The caller of a project route (the guard has resolved token and membership). */
export const actorIn = (request: FastifyRequest): Actor => {
  const auth = authOf(request);
  return {
    projectId: memberOf(request).projectId,
    actorId: auth.user.id,
    // The admin behind a manager's account when switched into it.
    impersonatorId: auth.impersonatorId,
    actorName: auth.user.name,
  };
};

/**
 * The caller of a member route, with his role (a manager reaches only his own rows, admins every
 * one) and the project's time zone (its days), both read by the guard.
 */
export type MemberActor = Actor & {
  role: Role;
  timezone: string;
  /** A project's API key: an admin's reach, but it owns nothing (no client is its own). */
  apiKey?: boolean;
};

export const memberActorIn = (request: FastifyRequest): MemberActor => {
  const member = memberOf(request);
  const apiKey = authOf(request).kind === 'api_key';
  return { ...actorIn(request), role: member.role, timezone: member.timezone, ...(apiKey ? { apiKey } : {}) };
};

/** The manager whose rows the caller may reach; null: all of the project (admins). */
export const ownScope = (caller: MemberActor) => (isAdminRole(caller.role) ? null : caller.actorId);
