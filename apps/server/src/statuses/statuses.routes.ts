import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  depositGoalBody,
  envelope,
  okSchema,
  projectParams,
  setGoalsBody,
  statusCreateBody,
  statusGoalSchema,
  statusParams,
  statusSchema,
  statusUpdateBody,
} from '@crm/contract';
import { actorIn } from '../http/actor.js';
import { notFound } from '../http/app-error.js';
import { ok } from '../http/envelope.js';
import { findStatus, listGoals, listStatuses } from './statuses.repository.js';
import {
  createStatus,
  deleteStatus,
  resetStatus,
  setDepositGoal,
  setGoals,
  toStatusView,
  updateStatus,
} from './statuses.service.js';

const tags = ['statuses'];

/** Manager levels (spec §7 Statuses): any member reads, admins write. */
export const statusesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const base = '/projects/:projectId/statuses';

  app.get(base, {
    config: { access: 'member' },
    schema: { tags, params: projectParams, response: { 200: envelope(z.array(statusSchema)) } },
    handler: async (request) => ok((await listStatuses(db, request.params.projectId)).map(toStatusView)),
  });

  app.post(base, {
    config: { access: 'admin' },
    schema: {
      tags,
      params: projectParams,
      body: statusCreateBody,
      response: { 201: envelope(statusSchema) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(ok(await createStatus(db, actorIn(request), request.body))),
  });

  app.get(`${base}/:id`, {
    config: { access: 'member' },
    schema: { tags, params: statusParams, response: { 200: envelope(statusSchema) } },
    handler: async (request) => {
      const row = await findStatus(db, request.params.projectId, request.params.id);
      if (!row) throw notFound('Статус не найден');
      return ok(toStatusView(row));
    },
  });

  app.put(`${base}/:id`, {
    config: { access: 'admin' },
    schema: { tags, params: statusParams, body: statusUpdateBody, response: { 200: envelope(statusSchema) } },
    handler: async (request) => ok(await updateStatus(db, actorIn(request), request.params.id, request.body)),
  });

  app.delete(`${base}/:id`, {
    config: { access: 'admin' },
    schema: { tags, params: statusParams, response: { 200: envelope(okSchema) } },
    handler: async (request) => {
      await deleteStatus(db, actorIn(request), request.params.id);
      return ok({ ok: true as const });
    },
  });

  app.put(`${base}/:id/reset`, {
    config: { access: 'admin' },
    schema: { tags, params: statusParams, response: { 200: envelope(statusSchema) } },
    handler: async (request) => ok(await resetStatus(db, actorIn(request), request.params.id)),
  });

  app.get(`${base}/:id/client-categories`, {
    config: { access: 'member' },
    schema: { tags, params: statusParams, response: { 200: envelope(z.array(statusGoalSchema)) } },
    handler: async (request) => {
      const { projectId, id } = request.params;
      if (!(await findStatus(db, projectId, id))) throw notFound('Статус не найден');
      return ok(await listGoals(db, projectId, id));
    },
  });

  app.post(`${base}/:id/client-categories/set-goals`, {
    config: { access: 'admin' },
    schema: {
      tags,
      params: statusParams,
      body: setGoalsBody,
      response: { 200: envelope(z.array(statusGoalSchema)) },
    },
    handler: async (request) => ok(await setGoals(db, actorIn(request), request.params.id, request.body)),
  });

  app.put(`${base}/:id/deposit-goal`, {
    config: { access: 'admin' },
    schema: { tags, params: statusParams, body: depositGoalBody, response: { 200: envelope(statusSchema) } },
    handler: async (request) =>
      ok(await setDepositGoal(db, actorIn(request), request.params.id, request.body.deposit_goal)),
  });
};
