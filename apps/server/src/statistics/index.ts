import type { Feature } from '../feature.js';
import * as stays from './migrations/2026_11_24_0500_statistics_stage_stays.js';
import * as further from './migrations/2026_11_27_1800_statistics_funnel_further.js';
import * as outcomes from './migrations/2026_11_30_1000_statistics_outcomes.js';
import {
  categoryStaysGo,
  clientsEnterFirstStage,
  clientsMoveStage,
  clientStaysGo,
  clientStaysMerge,
} from './stage-stays.handlers.js';
import { seedStatisticsDemo } from './statistics.demo.js';
import { statisticsRoutes } from './statistics.routes.js';

/** The statistics page: figures of a period, from the stays in stages that the handlers keep. */
export const statisticsFeature: Feature = {
  name: 'statistics',
  routes: statisticsRoutes,
  migrations: {
    '2026_11_24_0500_statistics_stage_stays': stays,
    '2026_11_27_1800_statistics_funnel_further': further,
    '2026_11_30_1000_statistics_outcomes': outcomes,
  },
  inTransactionMany: {
    'client.created': clientsEnterFirstStage,
    // An imported client's stay in its stage counts from the import (docs/decisions.md).
    'client.imported': clientsEnterFirstStage,
    client_category_changed: clientsMoveStage,
  },
  inTransaction: {
    'client.deleted': clientStaysGo,
    'client.merged': clientStaysMerge,
    'client_category.deleted': categoryStaysGo,
  },
  seedDemo: seedStatisticsDemo,
};
