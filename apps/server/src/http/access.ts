import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAdminRole, parseId, type Role } from '@crm/contract';
import type { Db } from '../db/database.js';
import { reusableQuery } from '../db/reusable-query.js';
import type { AppDeps } from '../deps.js';
import type { AccessCache } from '../identity/access-cache.js';
import { resolveToken, type ResolvedToken } from '../identity/tokens.js';
import { forbidden, notFound, tooManyRequests, unauthenticated } from './app-error.js';
import { createRateBuckets } from './rate-buckets.js';
import { addRequestHook } from './route-hooks.js';

/**
 * Who may call a route, declared with the route itself (config.access) and checked here only:
 * public; any signed-in user; a user acting as himself ('account': not through an admin's
 * impersonation token); any member of the path's project; its admins; or exact roles.
 */
export type Access = 'public' | 'user' | 'account' | 'member' | 'admin' | { roles: readonly Role[] };

/**
 * What an API key may call (docs/decisions.md, "API keys"): a project route, unless the route
 * says `keys: false` (the team's management, invitations, switches, the keys themselves); a read
 * key only its GETs. Never a person's own routes ('user', 'account').
 */
export type KeyAccess = 'read' | 'write' | null;

export type RouteEntry = { method: string; url: string; access: Access; keys: KeyAccess };

/** What the OpenAPI document says of a route a key may call: both schemes and the scope it needs. */
export function keyMarks(method: string, access: Access, keys: boolean | undefined) {
  const scope = keyAccessOf(method, access, keys);
  const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];
  return scope ? { security, 'x-api-key-scope': scope } : {};
}

/** The scope a key needs for a route, or null when no key may call it. */
export function keyAccessOf(method: string, access: Access | undefined, keys: boolean | undefined): KeyAccess {
  if (!access || access === 'public' || access === 'user' || access === 'account' || keys === false) return null;
  return method === 'GET' || method === 'HEAD' ? 'read' : 'write';
}

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
    /** false: an API key may not call it, whatever its scope. */
    keys?: boolean;
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

const KEY_REFUSED = 'Это действие недоступно по API-ключу';
const KEY_READ_ONLY = 'Ключ только для чтения: изменения по нему недоступны';

export function registerAccessGuard(
  app: FastifyInstance,
  { db, clock, access: cache, config }: Pick<AppDeps, 'db' | 'clock' | 'access' | 'config'>,
): void {
  const keyRate = createRateBuckets(config.apiKeyRateLimit);
  app.decorateRequest('auth', null);
  app.decorateRequest('member', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);

  const guardFor = (access: Exclude<Access, 'public'>, keys: KeyAccess) => async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const now = clock.now();
    const auth = token ? await resolveToken(db, now, token, cache) : null;
    if (!auth) throw unauthenticated();
    request.auth = auth;
    if (auth.kind === 'api_key') {
      const wait = keyRate.take(auth.tokenId, now.getTime());
      if (wait > 0) throw tooManyRequests(wait, `Слишком много запросов по API-ключу. Повторите через ${wait} с`);
      request.member = await resolveKeyMembership(db, cache, request, auth, keys);
      return;
    }
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
    const keysFlag = route.config?.keys;
    const methods = [route.method].flat();
    if (access && access !== 'public') {
      // A route of one method (every route here): a key's scope is that method's.
      addRequestHook(route, guardFor(access, keyAccessOf(String(methods[0]), access, keysFlag)));
    }
    if (!route.url.startsWith(API_PREFIX) || route.url.startsWith(UNGUARDED_PREFIX)) return;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access level`);
    for (const method of methods) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access, keys: keyAccessOf(method, access, keysFlag) });
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

/** The path's project, read as the route's params schema reads it (decimal digits), before that schema runs. */
function pathProject(request: FastifyRequest) {
  const projectId = parseId(String((request.params as { projectId?: string }).projectId));
  if (projectId === null) throw notFound();
  return projectId;
}

const findProjectZone = reusableQuery((db: Db, projectId: number) =>
  db.selectFrom('projects').select('timezone').where('id', '=', projectId),
);

/**
 * An API key acts as a technical admin of its own project, with no membership row (it is on no
 * team list): another project is 404 as for any outsider; a route keys may not call, or a write
 * with a read key, 403 (docs/decisions.md, "API keys").
 */
async function resolveKeyMembership(
  db: Db,
  cache: AccessCache,
  request: FastifyRequest,
  auth: ResolvedToken,
  keys: KeyAccess,
): Promise<Membership> {
  if (!request.routeOptions.url?.includes(':projectId')) throw forbidden(KEY_REFUSED);
  const projectId = pathProject(request);
  if (auth.projectId !== projectId) throw notFound();
  if (keys === null) throw forbidden(KEY_REFUSED);
  if (keys === 'write' && auth.scope !== 'write') throw forbidden(KEY_READ_ONLY);
  const row = await cache.membership(projectId, auth.user.id, async () => {
    const project = await findProjectZone(db, projectId);
    return project && { role: 'admin' as const, status_id: null, timezone: project.timezone };
  });
  if (!row) throw notFound();
  return { projectId, userId: auth.user.id, role: row.role, statusId: null, timezone: row.timezone };
}

async function resolveMembership(db: Db, cache: AccessCache, request: FastifyRequest, auth: ResolvedToken) {
  const projectId = pathProject(request);
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
