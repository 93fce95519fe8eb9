import type { Feature } from '../feature.js';
import { seedAiDemo } from './ai.demo.js';
import { aiRoutes } from './ai.routes.js';
import * as aiChat from './migrations/2026_11_24_0100_ai_chat.js';

/** The AI chat: initial questions in groups, prompts made of them, and each person's chats with the model. */
export const aiFeature: Feature = {
  name: 'ai',
  routes: aiRoutes,
  migrations: { '2026_11_24_0100_ai_chat': aiChat },
  seedDemo: seedAiDemo,
};
