import type { FastifyRequest } from 'fastify';
import { actorOf } from '../db/history.js';
import { authOf, memberOf } from './access.js';

/** Who acts, in which project: written into the history (and named in emails). */
export type Actor = { projectId: number; actorId: number; impersonatorId: number | null; actorName: string };

/** The caller of a project route (the guard has resolved token and membership). */
export const actorIn = (request: FastifyRequest): Actor => {
  const auth = authOf(request);
  return { projectId: memberOf(request).projectId, ...actorOf(auth), actorName: auth.user.name };
};
