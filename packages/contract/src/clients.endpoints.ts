import { z } from 'zod';
import { okSchema, page, projectParams } from './common.js';
import { endpoint, fileEndpoint } from './endpoint.js';
import { clientsQuery } from './clients-list.js';
import {
  changeOrderBody,
  clientCategoryCreateBody,
  clientCategoryParams,
  categoryClientCountSchema,
  clientCategorySchema,
  clientCategoryUpdateBody,
  clientCreateBody,
  clientParams,
  clientSchema,
  clientUpdateBody,
  clueCreateBody,
  clueCreateParams,
  clueParams,
  clueSchema,
  clueUpdateBody,
  updateCategoryBody,
} from './clients.js';
import {
  clientDuplicateSchema,
  clientMergeBody,
  createdClientSchema,
  duplicateCheckBody,
  duplicateGroupsPage,
  duplicateGroupsQuery,
} from './clients-duplicates.js';
import { clientNoteCreateBody, clientNoteSchema, clientNotesParams } from './clients-notes.js';
import { clientSearchPage, clientSearchQuery } from './clients-search.js';
import { clientExportQuery } from './clients-export.js';

const categories = '/projects/:projectId/client-categories';

/** Pipeline stages: any member reads, admins write. */
export const clientCategoriesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: categories,
    params: projectParams,
    response: z.array(clientCategorySchema),
    tag: 'client-categories',
  }),
  create: endpoint({
    method: 'POST',
    path: categories,
    params: projectParams,
    body: clientCategoryCreateBody,
    response: clientCategorySchema,
    status: 201,
    tag: 'client-categories',
  }),
  update: endpoint({
    method: 'PUT',
    path: `${categories}/:id`,
    params: clientCategoryParams,
    body: clientCategoryUpdateBody,
    response: clientCategorySchema,
    tag: 'client-categories',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${categories}/:id`,
    params: clientCategoryParams,
    response: okSchema,
    tag: 'client-categories',
  }),
  /** Admins: the clients in each category, so the list says what a delete would meet. */
  clientCounts: endpoint({
    method: 'GET',
    path: `${categories}/client-counts`,
    params: projectParams,
    response: z.array(categoryClientCountSchema),
    tag: 'client-categories',
  }),
  changeOrder: endpoint({
    method: 'PUT',
    path: `${categories}/change-order`,
    params: projectParams,
    body: changeOrderBody,
    response: z.array(clientCategorySchema),
    tag: 'client-categories',
  }),
};

const clues = '/projects/:projectId/clues';

/** Hints: admins write (members read them with what they are attached to). */
export const cluesEndpoints = {
  create: endpoint({
    method: 'POST',
    path: `${clues}/:type`,
    params: clueCreateParams,
    body: clueCreateBody,
    response: clueSchema,
    status: 201,
    tag: 'clues',
  }),
  update: endpoint({
    method: 'PUT',
    path: `${clues}/:id`,
    params: clueParams,
    body: clueUpdateBody,
    response: clueSchema,
    tag: 'clues',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${clues}/:id`,
    params: clueParams,
    response: okSchema,
    tag: 'clues',
  }),
};

const clients = '/projects/:projectId/clients';
const client = `${clients}/:id`;

/** Clients: any member; a manager reaches only his own (another's → 404), admins all. */
export const clientsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: clients,
    params: projectParams,
    query: clientsQuery,
    response: page(clientSchema),
    tag: 'clients',
  }),
  create: endpoint({
    method: 'POST',
    path: clients,
    params: projectParams,
    body: clientCreateBody,
    response: createdClientSchema,
    status: 201,
    tag: 'clients',
  }),
  /** The clients that a client with these values would duplicate (the modal asks before saving). */
  duplicates: endpoint({
    method: 'POST',
    path: `${clients}/duplicates`,
    params: projectParams,
    body: duplicateCheckBody,
    response: z.array(clientDuplicateSchema),
    tag: 'clients',
  }),
  /** Admins: the project's duplicate groups, shared contacts first ('Дубли'). */
  duplicateGroups: endpoint({
    method: 'GET',
    path: `${clients}/duplicate-groups`,
    params: projectParams,
    query: duplicateGroupsQuery,
    response: duplicateGroupsPage,
    tag: 'clients',
  }),
  /** The stored client's duplicates (a manager learns only whose another's client is). */
  clientDuplicates: endpoint({
    method: 'GET',
    path: `${client}/duplicates`,
    params: clientParams,
    response: z.array(clientDuplicateSchema),
    tag: 'clients',
  }),
  /** Admins: merges `other_id` into this client (docs/product.md, "Duplicates"); answers the survivor. */
  merge: endpoint({
    method: 'POST',
    path: `${client}/merge`,
    params: clientParams,
    body: clientMergeBody,
    response: clientSchema,
    tag: 'clients',
  }),
  get: endpoint({
    method: 'GET',
    path: client,
    params: clientParams,
    response: clientSchema,
    tag: 'clients',
  }),
  update: endpoint({
    method: 'PUT',
    path: client,
    params: clientParams,
    body: clientUpdateBody,
    response: clientSchema,
    tag: 'clients',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: client,
    params: clientParams,
    response: okSchema,
    tag: 'clients',
  }),
  updateCategory: endpoint({
    method: 'PUT',
    path: `${client}/update-category`,
    params: clientParams,
    body: updateCategoryBody,
    response: clientSchema,
    tag: 'clients',
  }),
  /** The global search (clients-search.ts); a manager finds only his own. */
  search: endpoint({
    method: 'GET',
    path: `${clients}/search`,
    params: projectParams,
    query: clientSearchQuery,
    response: clientSearchPage,
    tag: 'clients',
  }),
  /** The list as filtered, as an XLSX or CSV file (clients-export.ts); a manager's own only. */
  export: fileEndpoint({
    path: `${clients}/export`,
    params: projectParams,
    query: clientExportQuery,
    tag: 'clients',
  }),
};

const notes = `${clients}/:clientId/notes`;

/** Notes on a client, newest first; whoever may reach the client reads and writes them. */
export const clientNotesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: notes,
    params: clientNotesParams,
    response: z.array(clientNoteSchema),
    tag: 'client-notes',
  }),
  create: endpoint({
    method: 'POST',
    path: notes,
    params: clientNotesParams,
    body: clientNoteCreateBody,
    response: clientNoteSchema,
    status: 201,
    tag: 'client-notes',
  }),
};
