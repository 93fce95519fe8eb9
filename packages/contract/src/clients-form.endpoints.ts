import { z } from 'zod';
import { projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import {
  formFieldSchema,
  formGroupCreateBody,
  formGroupParams,
  formGroupSchema,
  formGroupsOrderBody,
  formGroupUpdateBody,
  formSaveBody,
} from './clients-form.js';

const form = '/projects/:projectId/form';

/** The client form: any member reads it, admins save it whole. */
export const clientFormEndpoints = {
  get: endpoint({ method: 'GET', path: form, params: projectParams, response: z.array(formGroupSchema), tag: 'client-form' }),
  save: endpoint({
    method: 'PUT',
    path: form,
    params: projectParams,
    body: formSaveBody,
    response: z.array(formGroupSchema),
    tag: 'client-form',
  }),
  /** One new group with its fields, at `order` (or last); answers the group. */
  createGroup: endpoint({
    method: 'POST',
    path: '/projects/:projectId/form-groups',
    params: projectParams,
    body: formGroupCreateBody,
    response: formGroupSchema,
    status: 201,
    tag: 'client-form',
  }),
  /** A group's title and fields replaced (its place stays); answers the group. */
  updateGroup: endpoint({
    method: 'PUT',
    path: '/projects/:projectId/form-groups/:id',
    params: formGroupParams,
    body: formGroupUpdateBody,
    response: formGroupSchema,
    tag: 'client-form',
  }),
  /** The groups' new order (the whole form answered). */
  groupsOrder: endpoint({
    method: 'PUT',
    path: '/projects/:projectId/form-groups/order',
    params: projectParams,
    body: formGroupsOrderBody,
    response: z.array(formGroupSchema),
    tag: 'client-form',
  }),
  /** Select fields marked searchable, with their options: the clients list's filters. */
  searchableFields: endpoint({
    method: 'GET',
    path: '/projects/:projectId/clients/searchable-fields',
    params: projectParams,
    response: z.array(formFieldSchema),
    tag: 'client-form',
  }),
};
