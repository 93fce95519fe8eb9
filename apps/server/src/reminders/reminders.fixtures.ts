import { expect } from 'vitest';
import {
  remindersEndpoints,
  scenariosEndpoints,
  type ClientReminder,
  type ReminderCreateBody,
  type Scenario,
  type ScenarioCreateBody,
} from '@crm/contract';
import { hint, pipelineProject } from '../test/pipeline-project.js';
import { call, urlOf } from '../test/api.js';
import type { TestApp } from '../test/test-app.js';

export { hint };

export const HOUR = 3600_000;

/** URLs of the reminders feature in one project. */
export const reminderUrls = (projectId: number) => ({
  create: (clientId: number) => urlOf(remindersEndpoints.create, { projectId, clientId }),
  one: (id: number) => urlOf(remindersEndpoints.get, { projectId, id }),
  reschedule: (id: number) => urlOf(remindersEndpoints.reschedule, { projectId, id }),
  remindBefore: (id: number) => urlOf(remindersEndpoints.remindBefore, { projectId, id }),
  tasks: (id: number) => urlOf(remindersEndpoints.updateTasks, { projectId, id }),
  complete: (id: number) => urlOf(remindersEndpoints.complete, { projectId, id }),
  cancel: (id: number) => urlOf(remindersEndpoints.cancel, { projectId, id }),
  list: urlOf(remindersEndpoints.list, { projectId }),
  calendar: urlOf(remindersEndpoints.calendar, { projectId }),
  today: urlOf(remindersEndpoints.today, { projectId }),
  next: (clientIds: number[]) =>
    `${urlOf(remindersEndpoints.next, { projectId })}?client_ids=${clientIds.join(',')}`,
  todayFilters: urlOf(remindersEndpoints.todayFilters, { projectId }),
  scenarios: urlOf(scenariosEndpoints.list, { projectId }),
  scenario: (id: number) => urlOf(scenariosEndpoints.update, { projectId, id }),
  scenarioOrder: urlOf(scenariosEndpoints.changeOrder, { projectId }),
  events: urlOf(scenariosEndpoints.events, { projectId }),
});

/**
 * The pipeline project (owner, admin, two managers) with two categories (stageA, stageB), a
 * client of each manager, the clock at a fixed moment, and helpers that expect success.
 */
export async function remindersProject(t: TestApp, start = '2026-07-01T09:00:00Z') {
  t.clock.set(start);
  const p = await pipelineProject(t);
  const stageA = await p.addCategory({ name: 'Новые' });
  const stageB = await p.addCategory({ name: 'Переговоры' });
  const ivan = await p.addClient(p.manager.token, {
    name: 'Иван',
    last_name: 'Петров',
    category_id: stageA.id,
  });
  const olga = await p.addClient(p.second.token, {
    name: 'Ольга',
    last_name: 'Смирнова',
    category_id: stageA.id,
  });
  const r = reminderUrls(p.owner.projectId);
  const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR).toISOString();

  const addReminder = async (token: string, clientId: number, body: Partial<ReminderCreateBody> = {}) => {
    const res = await call(t.app, 'POST', r.create(clientId), {
      token,
      body: { title: 'Позвонить', completion_date: inHours(3), ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as ClientReminder;
  };
  const getReminder = async (token: string, id: number) => {
    const res = await call(t.app, 'GET', r.one(id), { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as ClientReminder;
  };
  const addScenario = async (body: Partial<ScenarioCreateBody> & Pick<ScenarioCreateBody, 'event_id'>) => {
    const res = await call(t.app, 'POST', r.scenarios, {
      token: p.admin.token,
      body: {
        event_type: 'client_category_changed',
        title: 'Сценарий',
        description: hint('Подсказка'),
        schedule_for: 24 * 3600,
        remind_before: 30 * 60,
        ...body,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as Scenario;
  };
  const remindersOf = (clientId: number) =>
    t.db
      .selectFrom('client_reminders')
      .select([
        'id',
        'title',
        'status',
        'manager_id',
        'template_id',
        'completion_date',
        'notify_at',
        'remind_before',
        'tasks_total',
      ])
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute();
  return { ...p, stageA, stageB, ivan, olga, r, inHours, addReminder, getReminder, addScenario, remindersOf };
}
