import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  invitationAcceptedSchema,
  invitationCreateBody,
  invitationIdParams,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParams,
  okSchema,
  projectParams,
} from '@crm/contract';
import { authOf } from '../http/access.js';
import { ok } from '../http/envelope.js';
import {
  acceptInvitation,
  inviteMember,
  previewInvitation,
  revokeInvitation,
} from './invitations.service.js';
import { listPendingInvitations } from './team.repository.js';
import { actorIn } from '../http/actor.js';

const tags = ['invitations'];

/** Invitations: admins send and revoke them; the invited person reads and accepts one by its token. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/projects/:projectId/invitations', {
    config: { access: 'admin' },
    schema: { tags, params: projectParams, response: { 200: envelope(z.array(invitationSchema)) } },
    handler: async (request) =>
      ok(await listPendingInvitations(db, request.params.projectId, new Date().toISOString())),
  });

  app.post('/projects/:projectId/invitations', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: projectParams,
      body: invitationCreateBody,
      response: { 201: envelope(invitationSchema) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(ok(await inviteMember(app.deps, actorIn(request), request.body))),
  });

  app.delete('/projects/:projectId/invitations/:id', {
    config: { access: 'admin' },
    schema: { tags, params: invitationIdParams, response: { 200: envelope(okSchema) } },
    handler: async (request) => {
      await revokeInvitation(db, actorIn(request), request.params.id);
      return ok({ ok: true as const });
    },
  });

  app.get('/invitations/:token', {
    config: { access: 'public' },
    schema: { tags, params: invitationTokenParams, response: { 200: envelope(invitationPreviewSchema) } },
    handler: async (request) => ok(await previewInvitation(db, request.params.token)),
  });

  app.post('/invitations/:token/accept', {
    config: { access: 'account' },
    schema: { tags, params: invitationTokenParams, response: { 200: envelope(invitationAcceptedSchema) } },
    handler: async (request) => ok(await acceptInvitation(db, authOf(request), request.params.token)),
  });
};
