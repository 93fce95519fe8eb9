import type { FastifyRequest } from 'fastify';
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
