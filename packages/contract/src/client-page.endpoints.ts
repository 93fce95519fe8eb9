import { clientCallCreateBody, clientCallSchema, clientCallsParams } from './clients-calls.js';
import { clientPageParams, clientPageSchema, timelinePageSchema, timelineQuery } from './client-page.js';
import { endpoint } from './endpoint.js';

const client = '/projects/:projectId/clients/:clientId';

/**
 * The client's page: whoever may reach the client (a manager his own; another's, a removed or a
 * foreign one → the same 404).
 */
export const clientPageEndpoints = {
  /** The client, his stage, every form field and the timeline's first page. */
  get: endpoint({
    method: 'GET',
    path: `${client}/page`,
    params: clientPageParams,
    response: clientPageSchema,
    tag: 'client-page',
  }),
  /** An older page of the timeline: `before` is the previous page's `next_before`. */
  timeline: endpoint({
    method: 'GET',
    path: `${client}/timeline`,
    params: clientPageParams,
    query: timelineQuery,
    response: timelinePageSchema,
    tag: 'client-page',
  }),
};

/** Logged calls: the client's manager on his own client, an admin on any. */
export const clientCallsEndpoints = {
  create: endpoint({
    method: 'POST',
    path: `${client}/calls`,
    params: clientCallsParams,
    body: clientCallCreateBody,
    response: clientCallSchema,
    status: 201,
    tag: 'client-calls',
  }),
};
