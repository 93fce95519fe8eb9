import { z } from 'zod';
import { okSchema, projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import {
  invitationAcceptedSchema,
  invitationCreateBody,
  invitationIdParams,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParams,
  memberAccessParams,
  memberAccessTokenSchema,
  memberSchema,
  membersQuery,
  memberStatusBody,
  projectUserParams,
  teamMemberSchema,
} from './team.js';
import { projectUserSchema } from './users.js';

const tag = 'team';

/** Members, the managers page, a member's status, removal, switching into a manager, invitations. */
export const teamEndpoints = {
  members: endpoint({
    method: 'GET',
    path: '/projects/:projectId/members',
    params: projectParams,
    query: membersQuery,
    response: z.array(memberSchema),
    tag,
  }),
  team: endpoint({ method: 'GET', path: '/projects/:projectId/team', params: projectParams, response: z.array(teamMemberSchema), tag }),
  member: endpoint({
    method: 'GET',
    path: '/projects/:projectId/users/:userId',
    params: projectUserParams,
    response: projectUserSchema,
    tag,
  }),
  setMemberStatus: endpoint({
    method: 'PUT',
    path: '/projects/:projectId/users/:userId/status',
    params: projectUserParams,
    body: memberStatusBody,
    response: projectUserSchema,
    tag,
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/projects/:projectId/members/:userId',
    params: projectUserParams,
    response: okSchema,
    tag,
  }),
  memberAccessToken: endpoint({
    method: 'GET',
    path: '/projects/:projectId/member-access-token/:memberId',
    params: memberAccessParams,
    response: memberAccessTokenSchema,
    tag,
  }),
  invitations: endpoint({
    method: 'GET',
    path: '/projects/:projectId/invitations',
    params: projectParams,
    response: z.array(invitationSchema),
    tag,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/projects/:projectId/invitations',
    params: projectParams,
    body: invitationCreateBody,
    response: invitationSchema,
    status: 201,
    tag,
  }),
  revokeInvitation: endpoint({
    method: 'DELETE',
    path: '/projects/:projectId/invitations/:id',
    params: invitationIdParams,
    response: okSchema,
    tag,
  }),
  invitationPreview: endpoint({
    method: 'GET',
    path: '/invitations/:token',
    params: invitationTokenParams,
    response: invitationPreviewSchema,
    tag,
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/invitations/:token/accept',
    params: invitationTokenParams,
    response: invitationAcceptedSchema,
    tag,
  }),
};
