import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamEndpoints as api } from '@crm/contract';
import { authOf, memberOf } from '../http/access.js';
import { actorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import {
  changeMemberStatus,
  issueMemberAccess,
  loadProjectUser,
  loadTeam,
  removeMember,
} from './members.service.js';
import { listMembers } from './team.repository.js';

/** Members, the managers page, a member's status, removal and switching into a manager. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  route(app, api.members, {
    access: 'member',
    handler: ({ params, query }) => listMembers(deps.db, params.projectId, query.role),
  });
  route(app, api.team, { access: 'admin', handler: ({ params }) => loadTeam(deps, params.projectId) });
  route(app, api.member, {
    access: 'member',
    handler: ({ request, params }) => loadProjectUser(deps, memberOf(request), params.userId),
  });
  // The team's management is a person's: no API key changes, removes or switches into a member.
  route(app, api.setMemberStatus, {
    access: 'admin',
    keys: false,
    handler: ({ request, params, body }) =>
      changeMemberStatus(deps, actorIn(request), params.userId, body.status_id),
  });
  route(app, api.removeMember, {
    access: 'admin',
    keys: false,
    handler: async ({ request, params }) => {
      await removeMember(deps, actorIn(request), params.userId);
      return { ok: true as const };
    },
  });
  route(app, api.memberAccessToken, {
    // Only the role admin, not super_admin.
    access: { roles: ['admin'] },
    keys: false,
    handler: ({ request, params }) =>
      issueMemberAccess(deps, actorIn(request), params.memberId, authOf(request).tokenId),
  });
};
