import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { remindersEndpoints } from '@crm/contract';
import { memberActorIn } from '../http/actor.js';
import { route } from '../http/route.js';
import {
  calendar,
  completeReminderTasks,
  createReminder,
  finishReminder,
  getReminder,
  listReminders,
  nextReminders,
  rescheduleReminder,
  setRemindBefore,
} from './reminders.service.js';
import { todayFilters, todayReminders } from './today.service.js';

/** Client reminders: every member, a manager only on his own clients' (another's → 404). */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const api = remindersEndpoints;
  const access = 'member' as const;

  route(app, api.calendar, {
    access,
    handler: ({ request, query }) => calendar(deps, memberActorIn(request), query),
  });
  route(app, api.list, {
    access,
    handler: ({ request, query }) => listReminders(deps, memberActorIn(request), query),
  });
  route(app, api.next, {
    access,
    handler: ({ request, query }) => nextReminders(deps, memberActorIn(request), query),
  });
  route(app, api.today, {
    access,
    handler: ({ request, query }) => todayReminders(deps, memberActorIn(request), query),
  });
  route(app, api.todayFilters, {
    access,
    handler: ({ request }) => todayFilters(deps, memberActorIn(request)),
  });
  route(app, api.get, {
    access,
    handler: ({ request, params }) => getReminder(deps, memberActorIn(request), params.id),
  });
  route(app, api.create, {
    access,
    handler: ({ request, params, body }) =>
      createReminder(deps, memberActorIn(request), params.clientId, body),
  });
  route(app, api.reschedule, {
    access,
    handler: ({ request, params, body }) => rescheduleReminder(deps, memberActorIn(request), params.id, body),
  });
  route(app, api.remindBefore, {
    access,
    handler: ({ request, params, body }) => setRemindBefore(deps, memberActorIn(request), params.id, body),
  });
  route(app, api.updateTasks, {
    access,
    handler: ({ request, params, body }) =>
      completeReminderTasks(deps, memberActorIn(request), params.id, body),
  });
  route(app, api.complete, {
    access,
    handler: ({ request, params }) => finishReminder(deps, memberActorIn(request), params.id, 'completed'),
  });
  route(app, api.cancel, {
    access,
    handler: ({ request, params }) => finishReminder(deps, memberActorIn(request), params.id, 'canceled'),
  });
};
