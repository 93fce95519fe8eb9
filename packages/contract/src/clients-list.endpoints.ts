import { z } from 'zod';
import { okSchema, projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import { clientBulkBody, clientBulkParams, clientBulkSchema } from './clients-bulk.js';
import {
  clientColumnTotalSchema,
  clientColumnTotalsQuery,
  clientListPage,
  clientListQuery,
  clientViewBody,
  clientViewParams,
  clientViewSchema,
} from './clients-list.js';

const clients = '/projects/:projectId/clients';
const views = '/projects/:projectId/client-views';

/** The list view and the board's totals: any member; a manager's own clients only. */
export const clientListEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${clients}/list`,
    params: projectParams,
    query: clientListQuery,
    response: clientListPage,
    tag: 'clients',
  }),
  /** Each category's clients and the sum of their amounts, under the board's filters. */
  columnTotals: endpoint({
    method: 'GET',
    path: `${clients}/column-totals`,
    params: projectParams,
    query: clientColumnTotalsQuery,
    response: z.array(clientColumnTotalSchema),
    tag: 'clients',
  }),
};

/** Saved views: the caller's own and the team's shared ones; admins share and edit shared ones. */
export const clientViewsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: views,
    params: projectParams,
    response: z.array(clientViewSchema),
    tag: 'client-views',
  }),
  create: endpoint({
    method: 'POST',
    path: views,
    params: projectParams,
    body: clientViewBody,
    response: clientViewSchema,
    status: 201,
    tag: 'client-views',
  }),
  update: endpoint({
    method: 'PUT',
    path: `${views}/:id`,
    params: clientViewParams,
    body: clientViewBody,
    response: clientViewSchema,
    tag: 'client-views',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${views}/:id`,
    params: clientViewParams,
    response: okSchema,
    tag: 'client-views',
  }),
};

const bulk = '/projects/:projectId/client-bulk-actions';

/** Bulk actions: any member on his own clients; reassigning and deleting are admins'. */
export const clientBulkEndpoints = {
  /** Starts one: done at once for a few clients, else in the background (follow it by its id). */
  start: endpoint({
    method: 'POST',
    path: bulk,
    params: projectParams,
    body: clientBulkBody,
    response: clientBulkSchema,
    tag: 'client-bulk-actions',
  }),
  /** The caller's bulk actions still running (a page opened later shows their progress). */
  running: endpoint({
    method: 'GET',
    path: bulk,
    params: projectParams,
    response: z.array(clientBulkSchema),
    tag: 'client-bulk-actions',
  }),
  get: endpoint({
    method: 'GET',
    path: `${bulk}/:id`,
    params: clientBulkParams,
    response: clientBulkSchema,
    tag: 'client-bulk-actions',
  }),
};
