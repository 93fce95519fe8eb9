import type { Feature } from '../feature.js';
import { seedConversationsDemo } from './conversations.demo.js';
import { mergeClientConversations } from './conversations.handlers.js';
import { conversationsRoutes } from './conversations.routes.js';
import * as conversations from './migrations/2026_11_24_0200_conversations.js';

/** The chat with the administrators: a manager's questions about his clients, answered live. */
export const conversationsFeature: Feature = {
  name: 'conversations',
  routes: conversationsRoutes,
  migrations: { '2026_11_24_0200_conversations': conversations },
  inTransaction: { 'client.merged': mergeClientConversations },
  seedDemo: seedConversationsDemo,
};

/** A client's timeline shows the messages of his conversation (history/). */
export { messagesByIds } from './conversations.repository.js';
