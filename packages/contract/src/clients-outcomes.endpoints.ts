import { z } from 'zod';
import { okSchema, projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import { lossReasonBody, lossReasonParams, lossReasonSchema } from './clients-outcomes.js';

const reasons = '/projects/:projectId/loss-reasons';

/** The loss reasons: any member reads them (the move dialog), admins keep the list. */
export const lossReasonsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: reasons,
    params: projectParams,
    response: z.array(lossReasonSchema),
    tag: 'loss-reasons',
  }),
  create: endpoint({
    method: 'POST',
    path: reasons,
    params: projectParams,
    body: lossReasonBody,
    response: lossReasonSchema,
    status: 201,
    tag: 'loss-reasons',
  }),
  update: endpoint({
    method: 'PUT',
    path: `${reasons}/:id`,
    params: lossReasonParams,
    body: lossReasonBody,
    response: lossReasonSchema,
    tag: 'loss-reasons',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${reasons}/:id`,
    params: lossReasonParams,
    response: okSchema,
    tag: 'loss-reasons',
  }),
};
