import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AI_STREAM_CONTENT_TYPE, aiEndpoints } from '@crm/contract';
import { actorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import {
  chatQuestions,
  createChat,
  getChat,
  listChats,
  listMessages,
  startReply,
  type ChatOwner,
} from './ai-chats.service.js';
import {
  createGroup,
  createPrompt,
  createQuestion,
  deleteGroup,
  deletePrompt,
  deleteQuestion,
  getQuestion,
  listGroups,
  listPrompts,
  questionsByGroup,
  updateGroup,
  updatePrompt,
  updateQuestion,
} from './ai-questions.service.js';

/** The person a chat belongs to: the token's user (a manager's, when an admin acts as him). */
const ownerIn = (request: FastifyRequest): ChatOwner => {
  const actor = actorIn(request);
  return { projectId: actor.projectId, userId: actor.actorId };
};

/**
 * Groups, questions and prompts: read by every member (the chat's form), written by admins.
 * Chats: every member, each his own (another's → 404).
 */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = aiEndpoints;
  const member = 'member' as const;
  const admin = 'admin' as const;

  route(app, api.groups, { access: member, handler: ({ params }) => listGroups(deps, params.projectId) });
  route(app, api.createGroup, {
    access: admin,
    handler: ({ request, body }) => createGroup(deps, actorIn(request), body),
  });
  route(app, api.updateGroup, {
    access: admin,
    handler: ({ request, params, body }) => updateGroup(deps, actorIn(request), params.id, body),
  });
  route(app, api.deleteGroup, {
    access: admin,
    handler: ({ request, params }) => deleteGroup(deps, actorIn(request), params.id),
  });

  route(app, api.questions, {
    access: member,
    handler: ({ params }) => questionsByGroup(deps, params.projectId),
  });
  route(app, api.createQuestion, {
    access: admin,
    handler: ({ request, body }) => createQuestion(deps, actorIn(request), body),
  });
  // Declared before `initial-questions/:id` only for the reader: the router prefers the static path anyway.
  route(app, api.chatQuestions, {
    access: member,
    handler: ({ request, query }) => chatQuestions(deps, ownerIn(request), query.ai_chat_id),
  });
  route(app, api.question, {
    access: member,
    handler: ({ params }) => getQuestion(deps, params.projectId, params.id),
  });
  route(app, api.updateQuestion, {
    access: admin,
    handler: ({ request, params, body }) => updateQuestion(deps, actorIn(request), params.id, body),
  });
  route(app, api.deleteQuestion, {
    access: admin,
    handler: ({ request, params }) => deleteQuestion(deps, actorIn(request), params.id),
  });

  route(app, api.prompts, {
    access: member,
    handler: ({ params, query }) => listPrompts(deps, params.projectId, query.group_id),
  });
  route(app, api.createPrompt, {
    access: admin,
    handler: ({ request, body }) => createPrompt(deps, actorIn(request), body),
  });
  route(app, api.updatePrompt, {
    access: admin,
    handler: ({ request, params, body }) => updatePrompt(deps, actorIn(request), params.id, body),
  });
  route(app, api.deletePrompt, {
    access: admin,
    handler: ({ request, params }) => deletePrompt(deps, actorIn(request), params.id),
  });

  route(app, api.config, {
    access: member,
    handler: async () => ({ configured: deps.languageModel !== null }),
  });
  route(app, api.chats, { access: member, handler: ({ request }) => listChats(deps, ownerIn(request)) });
  route(app, api.createChat, {
    access: member,
    handler: ({ request, body }) => createChat(deps, ownerIn(request), body),
  });
  route(app, api.chat, {
    access: member,
    handler: ({ request, params }) => getChat(deps, ownerIn(request), params.id),
  });
  route(app, api.chatMessages, {
    access: member,
    handler: ({ request, params }) => listMessages(deps, ownerIn(request), params.id),
  });

  // The reply streams as NDJSON lines (aiStreamLineSchema), so this route writes its own answer.
  // Not compressed: a compressor holds pieces back until it has enough to pack.
  const send = api.sendMessage;
  app.route({
    method: send.method,
    url: send.path,
    config: { access: member },
    compress: false,
    schema: {
      tags: [send.tag],
      description:
        'Answers `application/x-ndjson`: one aiStreamLine per line (user_message, delta…, then done or error). ' +
        'Errors before the model starts come as the usual error envelope.',
      params: send.params,
      body: send.body,
    },
    handler: async (request, reply) => {
      const { id } = send.params.parse(request.params);
      const { content } = send.body.parse(request.body);
      // The person stops a reply by closing the request: the model's call is aborted with it.
      const stop = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) stop.abort();
      });
      const relay = await startReply(deps, ownerIn(request), id, content, stop.signal);
      const out = new PassThrough();
      void relay((line) => {
        if (!out.writableEnded && !out.destroyed) out.write(`${JSON.stringify(line)}\n`);
      }).finally(() => out.end());
      return (
        reply
          .code(200)
          .type(AI_STREAM_CONTENT_TYPE)
          // A proxy that buffers (nginx) would hold the pieces back too.
          .header('x-accel-buffering', 'no')
          .send(out)
      );
    },
  });
};
