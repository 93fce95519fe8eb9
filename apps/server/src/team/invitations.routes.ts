import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamEndpoints as api } from '@crm/contract';
import { authOf } from '../http/access.js';
import { actorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import {
  acceptInvitation,
  inviteMember,
  previewInvitation,
  revokeInvitation,
} from './invitations.service.js';
import { listPendingInvitations } from './team.repository.js';

/** Invitations: admins send and revoke them; the invited person reads and accepts one by its token. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  route(app, api.invitations, {
    access: 'admin',
    keys: false,
    handler: ({ params }) =>
      listPendingInvitations(deps.db, params.projectId, deps.clock.now().toISOString()),
  });
  route(app, api.invite, {
    access: 'admin',
    keys: false,
    handler: ({ request, body }) => inviteMember(deps, actorIn(request), body),
  });
  route(app, api.revokeInvitation, {
    access: 'admin',
    keys: false,
    handler: async ({ request, params }) => {
      await revokeInvitation(deps, actorIn(request), params.id);
      return { ok: true as const };
    },
  });
  route(app, api.invitationPreview, {
    access: 'public',
    handler: ({ params }) => previewInvitation(deps, params.token),
  });
  route(app, api.acceptInvitation, {
    access: 'account',
    handler: ({ request, params }) => acceptInvitation(deps, authOf(request), params.token),
  });
};
