import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scenariosEndpoints } from '@crm/contract';
import { actorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import {
  createScenario,
  listScenarioViews,
  reorderScenarios,
  scenarioEvents,
  updateScenario,
} from './scenarios.service.js';

/** Reminder scenarios ("templates"): admins only, reads included (the page is an admin's). */
export const scenariosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = scenariosEndpoints;
  const access = 'admin' as const;

  route(app, api.events, { access, handler: ({ params }) => scenarioEvents(deps, params.projectId) });
  route(app, api.list, { access, handler: ({ params }) => listScenarioViews(deps, params.projectId) });
  route(app, api.create, {
    access,
    handler: ({ request, body }) => createScenario(deps, actorIn(request), body),
  });
  route(app, api.changeOrder, {
    access,
    handler: ({ request, body }) => reorderScenarios(deps, actorIn(request), body.ids),
  });
  route(app, api.update, {
    access,
    handler: ({ request, params, body }) => updateScenario(deps, actorIn(request), params.id, body),
  });
};
