import type { Feature } from '../feature.js';
import { tellOpenClientPages, timelineKinds } from './client-page.live.js';
import { clientHistoryMerge } from './history.handlers.js';
import { historyRoutes } from './history.routes.js';
import * as reading from './migrations/2026_11_24_0300_history_reading.js';
import * as timeOrder from './migrations/2026_11_24_0600_history_time_order.js';

/** Reading the project's history (entries are written by every feature through `tx.record`). */
export const historyFeature: Feature = {
  name: 'history',
  routes: historyRoutes,
  migrations: {
    '2026_11_24_0300_history_reading': reading,
    '2026_11_24_0600_history_time_order': timeOrder,
  },
  inTransaction: { 'client.merged': clientHistoryMerge },
  afterCommitMany: Object.fromEntries(timelineKinds.map((kind) => [kind, tellOpenClientPages])),
};

/** For the statistics: who was removed from the project (their past figures stay counted). */
export { formerMembersOf } from './history.repository.js';
