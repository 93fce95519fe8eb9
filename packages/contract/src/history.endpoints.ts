import { projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import { formerMembersSchema, historyAnswer, historyQuery } from './history.js';

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
  /** The filter's former members: removed from the project, their entries still here. */
  formerMembers: endpoint({
    method: 'GET',
    path: '/projects/:projectId/history/former-members',
    params: projectParams,
    response: formerMembersSchema,
    tag: 'history',
  }),
};
