import type { Feature } from '../feature.js';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';
import * as apiKeys from './migrations/2026_12_02_1010_integrations_api_keys.js';

/** Integrations: the project's API keys for scripts (docs/product.md, "Integrations"). */
export const integrationsFeature: Feature = {
  name: 'integrations',
  routes: apiKeysRoutes,
  migrations: { '2026_12_02_1010_integrations_api_keys': apiKeys },
};
