import { z } from 'zod';
import { page, projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import {
  calendarAnswer,
  calendarQuery,
  clientReminderSchema,
  clientRemindersParams,
  nextReminderSchema,
  nextRemindersQuery,
  reminderCreateBody,
  reminderListItemSchema,
  reminderParams,
  remindBeforeBody,
  remindersQuery,
  rescheduleBody,
  todayAnswer,
  todayFiltersSchema,
  todayQuery,
  updateTasksBody,
} from './reminders.js';
import {
  scenarioCreateBody,
  scenarioEventsSchema,
  scenarioOrderBody,
  scenarioParams,
  scenarioSchema,
  scenarioUpdateBody,
} from './scenarios.js';

const reminders = '/projects/:projectId/client-reminders';
const templates = '/projects/:projectId/client-reminder-templates';
const tag = 'reminders';

/** Client reminders: members, each manager on his own clients' (others' → 404). */
export const remindersEndpoints = {
  calendar: endpoint({
    method: 'GET',
    path: `${reminders}/calendar`,
    params: projectParams,
    query: calendarQuery,
    response: calendarAnswer,
    tag,
  }),
  list: endpoint({
    method: 'GET',
    path: reminders,
    params: projectParams,
    query: remindersQuery,
    response: page(reminderListItemSchema),
    tag,
  }),
  today: endpoint({
    method: 'GET',
    path: `${reminders}/today`,
    params: projectParams,
    query: todayQuery,
    response: todayAnswer,
    tag,
  }),
  todayFilters: endpoint({
    method: 'GET',
    path: `${reminders}/today/categories`,
    params: projectParams,
    response: todayFiltersSchema,
    tag,
  }),
  next: endpoint({
    method: 'GET',
    path: `${reminders}/next`,
    params: projectParams,
    query: nextRemindersQuery,
    response: z.array(nextReminderSchema),
    tag,
  }),
  get: endpoint({
    method: 'GET',
    path: `${reminders}/:id`,
    params: reminderParams,
    response: clientReminderSchema,
    tag,
  }),
  create: endpoint({
    method: 'POST',
    path: '/projects/:projectId/clients/:clientId/reminders',
    params: clientRemindersParams,
    body: reminderCreateBody,
    response: clientReminderSchema,
    status: 201,
    tag,
  }),
  reschedule: endpoint({
    method: 'PUT',
    path: `${reminders}/:id/reschedule`,
    params: reminderParams,
    body: rescheduleBody,
    response: clientReminderSchema,
    tag,
  }),
  remindBefore: endpoint({
    method: 'PUT',
    path: `${reminders}/:id/remind-before`,
    params: reminderParams,
    body: remindBeforeBody,
    response: clientReminderSchema,
    tag,
  }),
  updateTasks: endpoint({
    method: 'PUT',
    path: `${reminders}/:id/update-tasks-status`,
    params: reminderParams,
    body: updateTasksBody,
    response: clientReminderSchema,
    tag,
  }),
  complete: endpoint({
    method: 'POST',
    path: `${reminders}/:id/completed`,
    params: reminderParams,
    response: clientReminderSchema,
    tag,
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${reminders}/:id/cancelled`,
    params: reminderParams,
    response: clientReminderSchema,
    tag,
  }),
};

/** Reminder scenarios ("templates"): admins only. */
export const scenariosEndpoints = {
  events: endpoint({
    method: 'GET',
    path: `${templates}/events`,
    params: projectParams,
    response: scenarioEventsSchema,
    tag,
  }),
  list: endpoint({
    method: 'GET',
    path: templates,
    params: projectParams,
    response: z.array(scenarioSchema),
    tag,
  }),
  create: endpoint({
    method: 'POST',
    path: templates,
    params: projectParams,
    body: scenarioCreateBody,
    response: scenarioSchema,
    status: 201,
    tag,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${templates}/:id`,
    params: scenarioParams,
    body: scenarioUpdateBody,
    response: scenarioSchema,
    tag,
  }),
  changeOrder: endpoint({
    method: 'PUT',
    path: `${templates}/change-order`,
    params: projectParams,
    body: scenarioOrderBody,
    response: z.array(scenarioSchema),
    tag,
  }),
};
