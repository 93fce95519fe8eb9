import {
  CALENDAR_LIMIT,
  type QueryOf,
  type remindersEndpoints,
  type TodayAnswer,
  type TodayFilters,
} from '@crm/contract';
import type { AppDeps } from '../deps.js';
import type { MemberActor } from '../http/actor.js';
import { invalidField } from '../http/app-error.js';
import { dayOf, endOfDay, startOfDay } from '../lib/project-days.js';
import { countTriggers, listDue } from './reminders.repository.js';
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
  const categoryIds = ids('client_category_changed');
  const optionIds = ids('client_form_field_changed');
  const categories =
    categoryIds.length === 0
      ? []
      : await db
          .selectFrom('client_categories')
          .select(['id', 'name', 'color'])
          .where('project_id', '=', caller.projectId)
          .where('id', 'in', categoryIds)
          .orderBy('position')
          .orderBy('id')
          .execute();
  const options =
    optionIds.length === 0
      ? []
      : await db
          .selectFrom('client_form_field_options as o')
          .innerJoin('client_form_fields as f', 'f.id', 'o.field_id')
          .select(['o.id', 'o.name', 'f.id as field_id', 'f.name as field_name'])
          .where('o.project_id', '=', caller.projectId)
          .where('o.id', 'in', optionIds)
          .orderBy('f.position')
          .orderBy('o.position')
          .execute();
  return {
    client_category_changed: categories.map((c) => ({
      ...c,
      count: countOf('client_category_changed', c.id),
    })),
    client_form_field_changed: options.map((o) => ({
      id: o.id,
      name: o.name,
      field: { id: o.field_id, name: o.field_name },
      count: countOf('client_form_field_changed', o.id),
    })),
  };
}
