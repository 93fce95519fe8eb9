import { z } from 'zod';
import { okSchema, projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import { apiKeyCreateBody, apiKeyCreatedSchema, apiKeyParams, apiKeySchema } from './integrations.js';

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
