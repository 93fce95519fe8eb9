import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLIENT_FILE_MISSING, clientMessagesEndpoints as api } from '@crm/contract';
import { memberActorIn } from '../../http/actor.js';
import { fileRoute } from '../../http/file-route.js';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import { messageFile } from '../files/files.service.js';
import { answerFileMaxBytes, answerWithFile } from './answer-file.js';
import {
  clientMessages,
  inbox,
  inboxUnread,
  markClientMessagesRead,
  replyToClient,
  retryClientMessage,
  visibleClient,
} from './messages.service.js';

/** The inbox and a client's Telegram conversation: every member; a manager reaches only his clients'. */
export const clientMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // An answer's file (and its caption): one file per request, stopped past the limit as it comes.
  await app.register(multipart, { limits: { fileSize: answerFileMaxBytes(deps), files: 1, fields: 1, parts: 2 } });
  route(app, api.inbox, {
    access: 'member',
    handler: ({ request, query }) => inbox(deps, memberActorIn(request), query.filter, query.cursor),
  });
  route(app, api.unread, { access: 'member', handler: ({ request }) => inboxUnread(deps, memberActorIn(request)) });
  route(app, api.list, {
    access: 'member',
    handler: ({ request, params, query }) => clientMessages(deps, memberActorIn(request), params.clientId, query.before),
  });
  route(app, api.reply, {
    access: 'member',
    handler: ({ request, params, body }) => replyToClient(deps, memberActorIn(request), params.clientId, body.text),
  });
  route(app, api.sendFile, {
    access: 'member',
    handler: async ({ request, params }) => {
      if (!request.isMultipart()) throw new AppError(422, CLIENT_FILE_MISSING);
      return answerWithFile(deps, memberActorIn(request), params.clientId, await request.file());
    },
  });
  route(app, api.markRead, {
    access: 'member',
    handler: ({ request, params }) => markClientMessagesRead(deps, memberActorIn(request), params.clientId),
  });
  fileRoute(app, api.file, {
    access: 'member',
    handler: async ({ request, params }) => {
      const caller = memberActorIn(request);
      await visibleClient(deps, caller, params.clientId);
      return messageFile(deps, caller, params.clientId, params.messageId);
    },
  });
  route(app, api.retry, {
    access: 'member',
    handler: ({ request, params }) => retryClientMessage(deps, memberActorIn(request), params.clientId, params.messageId),
  });
};
