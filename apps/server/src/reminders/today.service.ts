import {
  CALENDAR_LIMIT,
  type QueryOf,
  type remindersEndpoints,
  type TodayAnswer,
  type TodayFilters,
  dayOf,
  endOfDay,
  startOfDay,
} from '@crm/contract';
import { pipelineEvents } from '../clients/index.js';
import type { AppDeps } from '../deps.js';
import type { MemberActor } from '../http/actor.js';
import { invalidField } from '../http/app-error.js';
import { countTriggers, listDue } from './reminders.repository.js';
import { eventIndex } from './scenario-events.js';
import { scopeOf } from './reminders.service.js';
import { toListItem } from './reminders.view.js';

type Api = typeof remindersEndpoints;

/** Today of the project's zone as [from, to) UTC moments. */
function todayWindow({ clock }: AppDeps, tz: string) {
  const day = dayOf(clock.now(), tz);
  return { from: startOfDay(day, tz).toISOString(), to: endOfDay(day, tz).toISOString() };
}

/** Today's reminders, earliest first; narrowed to one scenario event's with `category_id` or `option_id`. */
export async function todayReminders(
  deps: AppDeps,
  caller: MemberActor,
  q: QueryOf<Api['today']>,
): Promise<TodayAnswer> {
  if (q.category_id !== undefined && q.option_id !== undefined) {
    throw invalidField('option_id', 'Выберите один фильтр: категорию или значение поля');
  }
  const { from, to } = todayWindow(deps, caller.timezone);
  const trigger =
    q.category_id !== undefined
      ? { type: 'client_category_changed' as const, id: q.category_id }
      : q.option_id !== undefined
        ? { type: 'client_form_field_changed' as const, id: q.option_id }
        : undefined;
  const rows = await listDue(deps.db, scopeOf(caller, q.manager_id), from, to, trigger);
  return { data: rows.slice(0, CALENDAR_LIMIT).map(toListItem), truncated: rows.length > CALENDAR_LIMIT };
}

/** What today's scenario reminders came from: categories entered and options got, with counts, in the pipeline's and the form's order. */
export async function todayFilters(deps: AppDeps, caller: MemberActor): Promise<TodayFilters> {
  const { db } = deps;
  const { from, to } = todayWindow(deps, caller.timezone);
  const counts = await countTriggers(db, scopeOf(caller), from, to);
  const countOf = (type: string, id: number) =>
    Number(counts.find((c) => c.trigger_type === type && c.trigger_id === id)?.n ?? 0);
  const ids = (type: string) =>
    counts.filter((c) => c.trigger_type === type).map((c) => c.trigger_id as number);
  const index = eventIndex(await pipelineEvents(db, caller.projectId));
  const categoryIds = new Set(ids('client_category_changed'));
  const optionIds = new Set(ids('client_form_field_changed'));
  const categories = [...index.categories.values()]
    .filter((c) => categoryIds.has(c.id))
    .map(({ id, name, color }) => ({ id, name, color }));
  const options = [...index.options.values()].filter((o) => optionIds.has(o.id));
  return {
    client_category_changed: categories.map((c) => ({
      ...c,
      count: countOf('client_category_changed', c.id),
    })),
    client_form_field_changed: options.map((o) => ({
      id: o.id,
      name: o.name,
      field: o.field,
      count: countOf('client_form_field_changed', o.id),
    })),
  };
}
