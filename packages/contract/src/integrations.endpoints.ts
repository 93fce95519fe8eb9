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
