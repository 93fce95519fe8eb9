import type { Feature } from '../feature.js';
import { accountFlowsRoutes } from './account-flows.routes.js';
import { seedAccountsDemo } from './accounts.demo.js';
import { accountsRoutes } from './accounts.routes.js';
import './accounts.tables.js';

export const accountsFeature: Feature = {
  name: 'accounts',
  routes: async (app) => {
    await app.register(accountsRoutes);
    await app.register(accountFlowsRoutes);
  },
  seedDemo: seedAccountsDemo,
};
