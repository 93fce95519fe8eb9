import type { Feature } from '../feature.js';
import { seedClientsDemo } from './clients.demo.js';
import { handOverRemovedMembersClients, refuseForeignGoalCategories } from './clients.handlers.js';
import { categoriesRoutes, clientFormRoutes, clientsRoutes } from './clients.routes.js';
import * as pipeline from './migrations/2026_11_23_2000_clients_pipeline.js';
import * as form from './migrations/2026_11_23_2100_clients_form.js';
import { progressionJob } from './progression.job.js';

/** Client categories (the pipeline) with their hints, the client form, clients, and the automatic moves. */
export const clientsFeature: Feature = {
  name: 'clients',
  routes: async (app) => {
    await app.register(categoriesRoutes);
    await app.register(clientFormRoutes);
    await app.register(clientsRoutes);
  },
  migrations: {
    '2026_11_23_2000_clients_pipeline': pipeline,
    '2026_11_23_2100_clients_form': form,
  },
  inTransaction: {
    'status.goals_set': refuseForeignGoalCategories,
    'member.removed': handOverRemovedMembersClients,
  },
  jobs: [progressionJob],
  seedDemo: seedClientsDemo,
};

export { progressionJob } from './progression.job.js';
