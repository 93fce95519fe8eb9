import { z } from 'zod';
import {
  aiChatCreateBody,
  aiChatParams,
  aiChatQuestionsQuery,
  aiChatSchema,
  aiConfigSchema,
  aiGroupBody,
  aiGroupParams,
  aiGroupSchema,
  aiMessageBody,
  aiMessageSchema,
  aiPromptBody,
  aiPromptParams,
  aiPromptSchema,
  aiPromptsQuery,
  aiQuestionBody,
  aiQuestionParams,
  aiQuestionSchema,
  aiQuestionsByGroup,
} from './ai.js';
import { okSchema, projectParams } from './common.js';
import { endpoint } from './endpoint.js';

const ai = '/projects/:projectId/ai-chats';
const tag = 'ai';

/**
 * Groups, questions and prompts: read by every member (the chat's form), written by admins.
 * Chats: each person's own (another's → 404). Sending a message streams (see aiStreamLineSchema):
 * `sendMessage` declares its path and body; its answer is the stream, not an envelope.
 */
export const aiEndpoints = {
  groups: endpoint({
    method: 'GET',
    path: `${ai}/initial-question-groups`,
    params: projectParams,
    response: z.array(aiGroupSchema),
    tag,
  }),
  createGroup: endpoint({
    method: 'POST',
    path: `${ai}/initial-question-groups`,
    params: projectParams,
    body: aiGroupBody,
    response: aiGroupSchema,
    status: 201,
    tag,
  }),
  updateGroup: endpoint({
    method: 'PUT',
    path: `${ai}/initial-question-groups/:id`,
    params: aiGroupParams,
    body: aiGroupBody,
    response: aiGroupSchema,
    tag,
  }),
  deleteGroup: endpoint({
    method: 'DELETE',
    path: `${ai}/initial-question-groups/:id`,
    params: aiGroupParams,
    response: okSchema,
    tag,
  }),

  questions: endpoint({
    method: 'GET',
    path: `${ai}/initial-questions`,
    params: projectParams,
    response: aiQuestionsByGroup,
    tag,
  }),
  createQuestion: endpoint({
    method: 'POST',
    path: `${ai}/initial-questions`,
    params: projectParams,
    body: aiQuestionBody,
    response: aiQuestionSchema,
    status: 201,
    tag,
  }),
  chatQuestions: endpoint({
    method: 'GET',
    path: `${ai}/initial-questions/ai-chat`,
    params: projectParams,
    query: aiChatQuestionsQuery,
    response: z.array(aiQuestionSchema),
    tag,
  }),
  question: endpoint({
    method: 'GET',
    path: `${ai}/initial-questions/:id`,
    params: aiQuestionParams,
    response: aiQuestionSchema,
    tag,
  }),
  updateQuestion: endpoint({
    method: 'PUT',
    path: `${ai}/initial-questions/:id`,
    params: aiQuestionParams,
    body: aiQuestionBody,
    response: aiQuestionSchema,
    tag,
  }),
  deleteQuestion: endpoint({
    method: 'DELETE',
    path: `${ai}/initial-questions/:id`,
    params: aiQuestionParams,
    response: okSchema,
    tag,
  }),

  prompts: endpoint({
    method: 'GET',
    path: `${ai}/prompts`,
    params: projectParams,
    query: aiPromptsQuery,
    response: z.array(aiPromptSchema),
    tag,
  }),
  createPrompt: endpoint({
    method: 'POST',
    path: `${ai}/prompts`,
    params: projectParams,
    body: aiPromptBody,
    response: aiPromptSchema,
    status: 201,
    tag,
  }),
  updatePrompt: endpoint({
    method: 'PUT',
    path: `${ai}/prompts/:id`,
    params: aiPromptParams,
    body: aiPromptBody,
    response: aiPromptSchema,
    tag,
  }),
  deletePrompt: endpoint({
    method: 'DELETE',
    path: `${ai}/prompts/:id`,
    params: aiPromptParams,
    response: okSchema,
    tag,
  }),

  config: endpoint({
    method: 'GET',
    path: `${ai}/config`,
    params: projectParams,
    response: aiConfigSchema,
    tag,
  }),
  chats: endpoint({ method: 'GET', path: ai, params: projectParams, response: z.array(aiChatSchema), tag }),
  createChat: endpoint({
    method: 'POST',
    path: ai,
    params: projectParams,
    body: aiChatCreateBody,
    response: aiChatSchema,
    status: 201,
    tag,
  }),
  chat: endpoint({ method: 'GET', path: `${ai}/:id`, params: aiChatParams, response: aiChatSchema, tag }),
  chatMessages: endpoint({
    method: 'GET',
    path: `${ai}/:id/messages`,
    params: aiChatParams,
    response: z.array(aiMessageSchema),
    tag,
  }),
  /** Streams: the route writes aiStreamLineSchema lines; `response` documents the kept reply. */
  sendMessage: endpoint({
    method: 'POST',
    path: `${ai}/:id/messages`,
    params: aiChatParams,
    body: aiMessageBody,
    response: aiMessageSchema,
    tag,
  }),
};
