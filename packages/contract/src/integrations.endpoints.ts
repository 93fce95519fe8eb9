import { z } from 'zod';
import { okSchema, page, pageQuery, projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import {
  apiKeyCreateBody,
  apiKeyCreatedSchema,
  apiKeyParams,
  apiKeySchema,
  webhookBody,
  webhookCreatedSchema,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookParams,
  webhookSchema,
  leadFormBody,
  leadFormKeyParams,
  leadFormParams,
  leadFormSchema,
  leadSubmissionBody,
  leadSubmittedSchema,
  publicLeadFormSchema,
} from './integrations.js';

const tag = 'integrations';

/** The project's API keys (admins; never callable with a key). */
export const integrationsEndpoints = {
  apiKeys: endpoint({ method: 'GET', path: '/projects/:projectId/api-keys', params: projectParams, response: z.array(apiKeySchema), tag }),
  createApiKey: endpoint({
    method: 'POST',
    path: '/projects/:projectId/api-keys',
    params: projectParams,
    body: apiKeyCreateBody,
    response: apiKeyCreatedSchema,
    status: 201,
    tag,
  }),
  revokeApiKey: endpoint({
    method: 'DELETE',
    path: '/projects/:projectId/api-keys/:keyId',
    params: apiKeyParams,
    response: okSchema,
    tag,
  }),
};

/** The project's webhooks and their delivery logs (admins; never with a key). */
export const webhooksEndpoints = {
  list: endpoint({ method: 'GET', path: '/projects/:projectId/webhooks', params: projectParams, response: z.array(webhookSchema), tag }),
  create: endpoint({
    method: 'POST',
    path: '/projects/:projectId/webhooks',
    params: projectParams,
    body: webhookBody,
    response: webhookCreatedSchema,
    status: 201,
    tag,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/projects/:projectId/webhooks/:webhookId',
    params: webhookParams,
    body: webhookBody,
    response: webhookSchema,
    tag,
  }),
  remove: endpoint({ method: 'DELETE', path: '/projects/:projectId/webhooks/:webhookId', params: webhookParams, response: okSchema, tag }),
  deliveries: endpoint({
    method: 'GET',
    path: '/projects/:projectId/webhooks/:webhookId/deliveries',
    params: webhookParams,
    query: pageQuery,
    response: page(webhookDeliverySchema),
    tag,
  }),
  retry: endpoint({
    method: 'POST',
    path: '/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId/retry',
    params: webhookDeliveryParams,
    response: webhookDeliverySchema,
    tag,
  }),
};

/** The project's lead forms (admins; never with a key), and the public side a site calls. */
export const leadFormsEndpoints = {
  list: endpoint({ method: 'GET', path: '/projects/:projectId/lead-forms', params: projectParams, response: z.array(leadFormSchema), tag }),
  create: endpoint({
    method: 'POST',
    path: '/projects/:projectId/lead-forms',
    params: projectParams,
    body: leadFormBody,
    response: leadFormSchema,
    status: 201,
    tag,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/projects/:projectId/lead-forms/:formId',
    params: leadFormParams,
    body: leadFormBody,
    response: leadFormSchema,
    tag,
  }),
  remove: endpoint({ method: 'DELETE', path: '/projects/:projectId/lead-forms/:formId', params: leadFormParams, response: okSchema, tag }),
  /** Public: the form as a site shows it (CORS: its declared sites). */
  show: endpoint({ method: 'GET', path: '/lead-forms/:key', params: leadFormKeyParams, response: publicLeadFormSchema, tag }),
  /** Public: a submission; a new client, or a note on the client it duplicates. */
  submit: endpoint({
    method: 'POST',
    path: '/lead-forms/:key/submissions',
    params: leadFormKeyParams,
    body: leadSubmissionBody,
    response: leadSubmittedSchema,
    status: 201,
    tag,
  }),
};
