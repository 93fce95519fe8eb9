import type { Feature } from '../feature.js';
import { seedStatusesDemo } from './statuses.demo.js';
import { deleteCategoryGoals } from './statuses.repository.js';
import { statusesRoutes } from './statuses.routes.js';

export const statusesFeature: Feature = {
  name: 'statuses',
  routes: statusesRoutes,
  inTransaction: {
    // Goals name client categories without a foreign key (docs/product.md §4.6): a deleted
    // category's goals go with it, in the deletion's transaction.
    'client_category.deleted': async (tx, event) => {
      await deleteCategoryGoals(tx.db, event.projectId, event.data.categoryId);
    },
  },
  seedDemo: seedStatusesDemo,
};

export { findDefaultStatus } from './statuses.repository.js';

/** A project's statuses (the team's page names each member's), and one of them. */
export { findStatus, listStatuses } from './statuses.repository.js';
