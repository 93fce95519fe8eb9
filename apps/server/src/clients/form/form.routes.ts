import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientFormEndpoints } from '@crm/contract';
import { actorIn } from '../../http/actor.js';
import { route } from '../../http/route.js';
import { changeFormGroupsOrder, getForm, saveForm, searchableFields } from './form.service.js';
import { createFormGroup, updateFormGroup } from './form-groups.service.js';

/** The client form: members read it (and its searchable fields), admins save it. */
export const clientFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = clientFormEndpoints;

  route(app, api.get, { access: 'member', handler: ({ params }) => getForm(deps.db, params.projectId) });
  route(app, api.save, {
    access: 'admin',
    handler: ({ request, body }) => saveForm(deps, actorIn(request), body),
  });
  route(app, api.createGroup, {
    access: 'admin',
    handler: ({ request, body }) => createFormGroup(deps, actorIn(request), body),
  });
  route(app, api.updateGroup, {
    access: 'admin',
    handler: ({ request, params, body }) => updateFormGroup(deps, actorIn(request), params.id, body),
  });
  route(app, api.groupsOrder, {
    access: 'admin',
    handler: ({ request, body }) => changeFormGroupsOrder(deps, actorIn(request), body.ids),
  });
  route(app, api.searchableFields, {
    access: 'member',
    handler: ({ params }) => searchableFields(deps.db, params.projectId),
  });
};
