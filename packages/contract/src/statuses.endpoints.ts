import { z } from 'zod';
import { okSchema, projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import {
  depositGoalBody,
  setGoalsBody,
  statusCreateBody,
  statusGoalSchema,
  statusParams,
  statusSchema,
  statusUpdateBody,
} from './statuses.js';

const tag = 'statuses';
const list = '/projects/:projectId/statuses';
const one = `${list}/:id`;

/** Manager levels: any member reads, admins write. */
export const statusesEndpoints = {
  list: endpoint({ method: 'GET', path: list, params: projectParams, response: z.array(statusSchema), tag }),
  create: endpoint({ method: 'POST', path: list, params: projectParams, body: statusCreateBody, response: statusSchema, status: 201, tag }),
  get: endpoint({ method: 'GET', path: one, params: statusParams, response: statusSchema, tag }),
  update: endpoint({ method: 'PUT', path: one, params: statusParams, body: statusUpdateBody, response: statusSchema, tag }),
  remove: endpoint({ method: 'DELETE', path: one, params: statusParams, response: okSchema, tag }),
  reset: endpoint({ method: 'PUT', path: `${one}/reset`, params: statusParams, response: statusSchema, tag }),
  goals: endpoint({
    method: 'GET',
    path: `${one}/client-categories`,
    params: statusParams,
    response: z.array(statusGoalSchema),
    tag,
  }),
  setGoals: endpoint({
    method: 'POST',
    path: `${one}/client-categories/set-goals`,
    params: statusParams,
    body: setGoalsBody,
    response: z.array(statusGoalSchema),
    tag,
  }),
  setDepositGoal: endpoint({
    method: 'PUT',
    path: `${one}/deposit-goal`,
    params: statusParams,
    body: depositGoalBody,
    response: statusSchema,
    tag,
  }),
};
