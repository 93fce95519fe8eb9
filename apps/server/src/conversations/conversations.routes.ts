import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationsEndpoints } from '@crm/contract';
import { memberActorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import {
  askAboutClient,
  conversationOf,
  conversationsOf,
  markConversationRead,
  messagesOf,
  reply,
} from './conversations.service.js';

/** The chat with the administrators: every member; a manager reaches only his own conversations. */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = conversationsEndpoints;
  route(app, api.list, {
    access: 'member',
    handler: ({ request }) => conversationsOf(deps, memberActorIn(request)),
  });
  route(app, api.create, {
    access: 'member',
    handler: ({ request, body }) =>
      askAboutClient(deps, memberActorIn(request), body.client_id, body.content),
  });
  route(app, api.show, {
    access: 'member',
    handler: ({ request, params }) => conversationOf(deps, memberActorIn(request), params.id),
  });
  route(app, api.messages, {
    access: 'member',
    handler: ({ request, params, query }) => messagesOf(deps, memberActorIn(request), params.id, query.page),
  });
  route(app, api.send, {
    access: 'member',
    handler: ({ request, params, body }) => reply(deps, memberActorIn(request), params.id, body.content),
  });
  route(app, api.markRead, {
    access: 'member',
    handler: ({ request, params }) => markConversationRead(deps, memberActorIn(request), params.id),
  });
};
