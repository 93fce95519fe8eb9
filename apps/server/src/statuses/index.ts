import type { Feature } from '../feature.js';
import { seedStatusesDemo } from './statuses.demo.js';
import { statusesRoutes } from './statuses.routes.js';

export const statusesFeature: Feature = {
  name: 'statuses',
  routes: statusesRoutes,
  seedDemo: seedStatusesDemo,
};

export { findDefaultStatus } from './statuses.repository.js';
