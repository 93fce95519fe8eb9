import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusesEndpoints as api } from '@crm/contract';
import { actorIn } from '../http/actor.js';
import { notFound } from '../http/app-error.js';
import { route } from '../http/route.js';
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

/** Manager levels: any member reads, admins write. */
export const statusesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  const requireStatus = async (projectId: number, id: number) => {
    const row = await findStatus(db, projectId, id);
    if (!row) throw notFound('Статус не найден');
    return row;
  };

  route(app, api.list, {
    access: 'member',
    handler: async ({ params }) => (await listStatuses(db, params.projectId)).map(toStatusView),
  });
  route(app, api.create, {
    access: 'admin',
    handler: ({ request, body }) => createStatus(deps, actorIn(request), body),
  });
  route(app, api.get, {
    access: 'member',
    handler: async ({ params }) => toStatusView(await requireStatus(params.projectId, params.id)),
  });
  route(app, api.update, {
    access: 'admin',
    handler: ({ request, params, body }) => updateStatus(deps, actorIn(request), params.id, body),
  });
  route(app, api.remove, {
    access: 'admin',
    handler: async ({ request, params }) => {
      await deleteStatus(deps, actorIn(request), params.id);
      return { ok: true as const };
    },
  });
  route(app, api.reset, {
    access: 'admin',
    handler: ({ request, params }) => resetStatus(deps, actorIn(request), params.id),
  });
  route(app, api.goals, {
    access: 'member',
    handler: async ({ params }) => {
      await requireStatus(params.projectId, params.id);
      return listGoals(db, params.projectId, params.id);
    },
  });
  route(app, api.setGoals, {
    access: 'admin',
    handler: ({ request, params, body }) => setGoals(deps, actorIn(request), params.id, body),
  });
  route(app, api.setDepositGoal, {
    access: 'admin',
    handler: ({ request, params, body }) =>
      setDepositGoal(deps, actorIn(request), params.id, body.deposit_goal),
  });
};
