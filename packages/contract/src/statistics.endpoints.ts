import { projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import { statisticsAnswer, statisticsQuery } from './statistics.js';

/** The statistics page's figures for a period, computed by the database in one answer. */
export const statisticsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/projects/:projectId/statistics',
    params: projectParams,
    query: statisticsQuery,
    response: statisticsAnswer,
    tag: 'statistics',
  }),
};
