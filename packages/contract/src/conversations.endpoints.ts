import { projectParams } from './common.js';
import {
  conversationCreateBody,
  conversationMessageBody,
  conversationMessageSchema,
  conversationMessagesAnswer,
  conversationMessagesQuery,
  conversationParams,
  conversationReadAnswer,
  conversationSchema,
  conversationsList,
} from './conversations.js';
import { endpoint } from './endpoint.js';

const conversations = '/projects/:projectId/conversations';
const tag = 'conversations';

/** The chat with the administrators: admins see every conversation, a manager his own (others' → 404). */
export const conversationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: conversations,
    params: projectParams,
    response: conversationsList,
    tag,
  }),
  create: endpoint({
    method: 'POST',
    path: conversations,
    params: projectParams,
    body: conversationCreateBody,
    response: conversationSchema,
    status: 201,
    tag,
  }),
  show: endpoint({
    method: 'GET',
    path: `${conversations}/:id`,
    params: conversationParams,
    response: conversationSchema,
    tag,
  }),
  messages: endpoint({
    method: 'GET',
    path: `${conversations}/:id/message`,
    params: conversationParams,
    query: conversationMessagesQuery,
    response: conversationMessagesAnswer,
    tag,
  }),
  send: endpoint({
    method: 'PUT',
    path: `${conversations}/:id/message`,
    params: conversationParams,
    body: conversationMessageBody,
    response: conversationMessageSchema,
    tag,
  }),
  /** Marks the conversation read up to its latest message, for the caller. */
  markRead: endpoint({
    method: 'PUT',
    path: `${conversations}/:id/read`,
    params: conversationParams,
    response: conversationReadAnswer,
    tag,
  }),
};
