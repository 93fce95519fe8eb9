import type { Feature } from '../feature.js';
import { seedKnowledgeDemo } from './knowledge.demo.js';
import { knowledgeRoutes } from './knowledge.routes.js';
import * as library from './migrations/2026_11_23_2300_knowledge_library.js';

/** The knowledge library: topics and their rich-text articles, with a search over both. */
export const knowledgeFeature: Feature = {
  name: 'knowledge',
  routes: knowledgeRoutes,
  migrations: { '2026_11_23_2300_knowledge_library': library },
  seedDemo: seedKnowledgeDemo,
};

/** Articles by id, for the links other features keep to them. */
export { findPostsByIds } from './knowledge.repository.js';
