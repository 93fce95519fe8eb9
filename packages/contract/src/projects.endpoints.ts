import { projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import { projectCreateBody, projectSchema, projectUpdateBody } from './projects.js';
import { projectUserSchema } from './users.js';

const tag = 'projects';

export const projectsEndpoints = {
  create: endpoint({ method: 'POST', path: '/projects', body: projectCreateBody, response: projectSchema, status: 201, tag }),
  get: endpoint({ method: 'GET', path: '/projects/:projectId', params: projectParams, response: projectSchema, tag }),
  update: endpoint({
    method: 'PUT',
    path: '/projects/:projectId',
    params: projectParams,
    body: projectUpdateBody,
    response: projectSchema,
    tag,
  }),
  /** The caller and what he is in the project. */
  me: endpoint({ method: 'GET', path: '/projects/:projectId/user', params: projectParams, response: projectUserSchema, tag }),
};
