import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { telegramEndpoints as api } from '@crm/contract';
import { actorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import { botStatus, connectBot, disconnectBot, receiveUpdate, setNewClientsRule } from './telegram.service.js';

/** The project's bot (admins, never with a key), and Telegram's webhook calls. */
export const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  route(app, api.status, { access: 'admin', keys: false, handler: ({ params }) => botStatus(deps.db, params.projectId) });
  route(app, api.connect, {
    access: 'admin',
    keys: false,
    handler: ({ request, body }) => connectBot(deps, actorIn(request), body),
  });
  route(app, api.rules, {
    access: 'admin',
    keys: false,
    handler: ({ request, body }) => setNewClientsRule(deps, actorIn(request), body),
  });
  route(app, api.disconnect, {
    access: 'admin',
    keys: false,
    handler: async ({ request }) => {
      await disconnectBot(deps, actorIn(request));
      return { ok: true as const };
    },
  });
  route(app, api.webhook, {
    access: 'public',
    handler: async ({ params, request, body }) => {
      const secret = request.headers['x-telegram-bot-api-secret-token'];
      await receiveUpdate(deps, params.botId, typeof secret === 'string' ? secret : undefined, body);
      return { ok: true as const };
    },
  });
};
