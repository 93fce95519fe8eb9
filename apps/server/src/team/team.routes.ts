import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  memberAccessParams,
  memberAccessTokenSchema,
  memberSchema,
  membersQuery,
  memberStatusBody,
  okSchema,
  projectParams,
  projectUserParams,
  projectUserSchema,
  teamMemberSchema,
} from '@crm/contract';
import { memberOf } from '../http/access.js';
import { actorIn } from '../http/actor.js';
import { ok } from '../http/envelope.js';
import {
  changeMemberStatus,
  issueMemberAccess,
  loadProjectUser,
  loadTeam,
  removeMember,
} from './members.service.js';
import { listMembers } from './team.repository.js';

const tags = ['team'];

/** Members, the managers page, a member's status, removal and switching into a manager. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/projects/:projectId/members', {
    config: { access: 'member' },
    schema: {
      tags,
      params: projectParams,
      querystring: membersQuery,
      response: { 200: envelope(z.array(memberSchema)) },
    },
    handler: async (request) => ok(await listMembers(db, request.params.projectId, request.query.role)),
  });

  app.get('/projects/:projectId/team', {
    config: { access: 'admin' },
    schema: { tags, params: projectParams, response: { 200: envelope(z.array(teamMemberSchema)) } },
    handler: async (request) => ok(await loadTeam(db, request.params.projectId)),
  });

  app.get('/projects/:projectId/users/:userId', {
    config: { access: 'member' },
    schema: { tags, params: projectUserParams, response: { 200: envelope(projectUserSchema) } },
    handler: async (request) => ok(await loadProjectUser(db, memberOf(request), request.params.userId)),
  });

  app.put('/projects/:projectId/users/:userId/status', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: projectUserParams,
      body: memberStatusBody,
      response: { 200: envelope(projectUserSchema) },
    },
    handler: async (request) =>
      ok(await changeMemberStatus(db, actorIn(request), request.params.userId, request.body.status_id)),
  });

  app.delete('/projects/:projectId/members/:userId', {
    config: { access: 'admin' },
    schema: { tags, params: projectUserParams, response: { 200: envelope(okSchema) } },
    handler: async (request) => {
      await removeMember(db, actorIn(request), request.params.userId);
      return ok({ ok: true as const });
    },
  });

  app.get('/projects/:projectId/member-access-token/:memberId', {
    // Only the role admin, not super_admin (spec §6).
    config: { access: { roles: ['admin'] } },
    schema: { tags, params: memberAccessParams, response: { 200: envelope(memberAccessTokenSchema) } },
    handler: async (request) => ok(await issueMemberAccess(db, actorIn(request), request.params.memberId)),
  });
};
