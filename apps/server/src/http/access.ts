import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAdminRole, parseId, type Role } from '@crm/contract';
import type { Db } from '../db/database.js';
import { reusableQuery } from '../db/reusable-query.js';
import type { AppDeps } from '../deps.js';
import type { AccessCache } from '../identity/access-cache.js';
import { resolveToken, type ResolvedToken } from '../identity/tokens.js';
import { forbidden, notFound, unauthenticated } from './app-error.js';
import { addRequestHook } from './route-hooks.js';

/**
 * Who may call a route, declared with the route itself (config.access) and checked here only:
 * public; any signed-in user; a user acting as himself ('account': not through an admin's
 * impersonation token); any member of the path's project; its admins; or exact roles.
 */
export type Access = 'public' | 'user' | 'account' | 'member' | 'admin' | { roles: readonly Role[] };

export type RouteEntry = { method: string; url: string; access: Access };

/** The caller's place in the path's project, and the project's time zone (its days), read with it. */
export type Membership = {
  projectId: number;
  userId: number;
  role: Role;
  statusId: number | null;
  timezone: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every guarded route with its declared access; tests walk it. */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    auth: ResolvedToken | null;
    member: Membership | null;
  }
}

const API_PREFIX = '/api/';
const UNGUARDED_PREFIX = '/api/docs';

const bearerToken = (header: string | undefined) => {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() ?? null;
};

export function registerAccessGuard(
  app: FastifyInstance,
  { db, clock, access: cache }: Pick<AppDeps, 'db' | 'clock' | 'access'>,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('member', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);

  const guardFor = (access: Exclude<Access, 'public'>) => async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const auth = token ? await resolveToken(db, clock.now(), token, cache) : null;
    if (!auth) throw unauthenticated();
    request.auth = auth;
    if (access === 'user') return;
    if (access === 'account') {
      // An admin inside a manager's account acts only in that project, never for the person.
      if (auth.kind !== 'session') throw forbidden('Это действие недоступно в режиме входа под менеджером');
      return;
    }

    request.member = await resolveMembership(db, cache, request, auth);
    const { role } = request.member;
    const allowed =
      access === 'member' ? true : access === 'admin' ? isAdminRole(role) : access.roles.includes(role);
    if (!allowed) throw forbidden();
  };

  // A route under /api without a declared access level cannot even be registered. The guard is
  // the route's own hook, so public routes (health, sign-in) and pages do not run it at all.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access && access !== 'public') addRequestHook(route, guardFor(access));
    if (!route.url.startsWith(API_PREFIX) || route.url.startsWith(UNGUARDED_PREFIX)) return;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access level`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access });
    }
  });
}

const findMembership = reusableQuery((db: Db, projectId: number, userId: number) =>
  db
    .selectFrom('project_members as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .select(['m.role', 'm.status_id', 'p.timezone'])
    .where('m.project_id', '=', projectId)
    .where('m.user_id', '=', userId),
);

async function resolveMembership(db: Db, cache: AccessCache, request: FastifyRequest, auth: ResolvedToken) {
  // Read as the route's params schema reads it (decimal digits), before that schema runs.
  const projectId = parseId(String((request.params as { projectId?: string }).projectId));
  if (projectId === null) throw notFound();
  // A member-access token works only in the project it was issued for.
  if (auth.projectId !== null && auth.projectId !== projectId) throw notFound();
  const row = await cache.membership(projectId, auth.user.id, () =>
    findMembership(db, projectId, auth.user.id),
  );
  // Not a member: the project's existence is not revealed.
  if (!row) throw notFound();
  return { projectId, userId: auth.user.id, role: row.role, statusId: row.status_id, timezone: row.timezone };
}

/** The signed-in caller of a guarded route (the guard has already refused anonymous calls). */
export function authOf(request: FastifyRequest): ResolvedToken {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * Whose things a person-level route (his notifications, his live stream) reaches, and in which
 * project: a switch into a manager's account reaches that project only, whatever is asked (another
 * project is 404, as on project routes); a session, the project asked for, or all (undefined).
 */
export function personScope(
  request: FastifyRequest,
  asked?: number,
): { userId: number; projectId: number | undefined } {
  const auth = authOf(request);
  if (auth.projectId === null) return { userId: auth.user.id, projectId: asked };
  if (asked !== undefined && asked !== auth.projectId) throw notFound();
  return { userId: auth.user.id, projectId: auth.projectId };
}

/** The caller's membership in the path's project (the guard resolved it). */
export function memberOf(request: FastifyRequest): Membership {
  if (!request.member) throw notFound();
  return request.member;
}
