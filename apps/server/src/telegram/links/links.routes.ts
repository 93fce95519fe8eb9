import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { telegramLinksEndpoints as api } from '@crm/contract';
import { actorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import { createLinkCode, linkedMembers, linkStatus, unlinkTelegram } from './links.service.js';

/**
 * A member's own Telegram for his notices: each member for himself, never with a key (a key is
 * no person); who is linked, for admins.
 */
export const telegramLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  route(app, api.status, {
    access: 'member',
    keys: false,
    handler: ({ request }) => {
      const caller = actorIn(request);
      return linkStatus(deps.db, caller.projectId, caller.actorId);
    },
  });
  route(app, api.createCode, {
    access: 'member',
    keys: false,
    handler: ({ request }) => createLinkCode(deps, actorIn(request)),
  });
  route(app, api.unlink, {
    access: 'member',
    keys: false,
    handler: async ({ request }) => {
      await unlinkTelegram(deps, actorIn(request));
      return { ok: true as const };
    },
  });
  route(app, api.linkedMembers, {
    access: 'admin',
    keys: false,
    handler: ({ params }) => linkedMembers(deps.db, params.projectId),
  });
};
