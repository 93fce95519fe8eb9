import type { Feature } from '../feature.js';
import { liveEventsRoutes } from './live-events.routes.js';

/** The pages' live connection (server-sent events); features publish to it through `deps.publisher`. */
export const liveFeature: Feature = { name: 'live', routes: liveEventsRoutes };
