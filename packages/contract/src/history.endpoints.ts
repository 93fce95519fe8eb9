import { projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import { historyAnswer, historyQuery } from './history.js';

/** The project's history: admins read all of it, a manager the entries about his own clients. */
export const historyEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/projects/:projectId/history',
    params: projectParams,
    query: historyQuery,
    response: historyAnswer,
    tag: 'history',
  }),
};
