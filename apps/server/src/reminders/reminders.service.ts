import {
  CALENDAR_LIMIT,
  CALENDAR_PERIOD_DAYS,
  REMIND_BEFORE_PASSED,
  REMINDER_HORIZON_YEARS,
  REMINDER_IN_PAST,
  REMINDER_NOT_FOUND,
  REMINDER_NOT_PENDING,
  REMINDER_NOT_RESCHEDULABLE,
  REMINDER_TASKS_LOCKED,
  REMINDERS_PER_PAGE,
  TASK_NOT_FOUND,
  type BodyOf,
  type CalendarAnswer,
  type ClientReminder,
  type Page,
  type ReminderListItem,
  type ReminderStatus,
  type QueryOf,
  type remindersEndpoints,
  type NextReminder,
  addDays,
  formatMoment,
  startOfDay,
} from '@crm/contract';
import { CLIENT_404, lockClient } from '../clients/index.js';
import type { Db } from '../db/database.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps, Tx } from '../deps.js';
import { ownScope, type MemberActor } from '../http/actor.js';
import { invalidField, notFound } from '../http/app-error.js';
import {
  completeTasks,
  countFiltered,
  findReminder,
  insertReminder,
  listDue,
  listOpenOfClients,
  listPage,
  listReminderPosts,
  listTasks,
  lockReminder,
  updateReminder,
  type ReminderScope,
} from './reminders.repository.js';
import { toCalendarItem, toListItem, toReminder } from './reminders.view.js';

type Api = typeof remindersEndpoints;

/** Whose reminders the caller reaches: a manager his own; an admin all, or one member's. */
export const scopeOf = (caller: MemberActor, managerId?: number): ReminderScope => ({
  projectId: caller.projectId,
  managerId: ownScope(caller) ?? managerId ?? null,
});

/** One reminder in full, or null outside the scope. */
export async function loadReminder(db: Db, scope: ReminderScope, id: number): Promise<ClientReminder | null> {
  const row = await findReminder(db, scope, id);
  if (!row) return null;
  const [tasks, posts] = await Promise.all([listTasks(db, [id]), listReminderPosts(db, scope.projectId, id)]);
  return toReminder(row, tasks, posts);
}

export async function getReminder({ db }: AppDeps, caller: MemberActor, id: number) {
  const reminder = await loadReminder(db, scopeOf(caller), id);
  if (!reminder) throw notFound(REMINDER_NOT_FOUND);
  return reminder;
}

/** The calendar: reminders due in the period that starts on `start_date` (the project's days). */
export async function calendar(
  { db }: AppDeps,
  caller: MemberActor,
  q: QueryOf<Api['calendar']>,
): Promise<CalendarAnswer> {
  const tz = caller.timezone;
  const from = startOfDay(q.start_date, tz).toISOString();
  const to = startOfDay(addDays(q.start_date, CALENDAR_PERIOD_DAYS[q.period]), tz).toISOString();
  const rows = await listDue(db, scopeOf(caller, q.manager_id), from, to);
  return { data: rows.slice(0, CALENDAR_LIMIT).map(toCalendarItem), truncated: rows.length > CALENDAR_LIMIT };
}

export async function listReminders(
  { db }: AppDeps,
  caller: MemberActor,
  q: QueryOf<Api['list']>,
): Promise<Page<ReminderListItem>> {
  const filter = { ...scopeOf(caller, q.manager_id), status: q.status, clientId: q.client_id };
  const [rows, total] = await Promise.all([listPage(db, filter, q.page), countFiltered(db, filter)]);
  return {
    data: rows.map(toListItem),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / REMINDERS_PER_PAGE)),
    per_page: REMINDERS_PER_PAGE,
    total,
  };
}

/** Each named client's next open reminder the caller may see (the board's cards). */
export async function nextReminders(
  { db }: AppDeps,
  caller: MemberActor,
  q: QueryOf<Api['next']>,
): Promise<NextReminder[]> {
  const next = new Map<number, NextReminder>();
  for (const row of await listOpenOfClients(db, scopeOf(caller), q.client_ids)) {
    if (next.has(row.client_id)) continue;
    next.set(row.client_id, row);
  }
  return [...next.values()];
}

/** How a moment reads in the project's history. */
const dueText = (at: string | Date, tz: string) => formatMoment(at, tz);

const checkDue = (due: Date, now: Date) => {
  if (due.getTime() <= now.getTime()) throw invalidField('completion_date', REMINDER_IN_PAST);
  const horizon = new Date(now);
  horizon.setUTCFullYear(horizon.getUTCFullYear() + REMINDER_HORIZON_YEARS);
  if (due > horizon)
    throw invalidField('completion_date', `Не позже чем через ${REMINDER_HORIZON_YEARS} лет`);
};

/** The moment of the notice, refused when it has already passed. */
const noticeAt = (due: Date, minutes: number | null, now: Date): string | null => {
  if (minutes === null) return null;
  const at = new Date(due.getTime() - minutes * 60_000);
  if (at < now) throw invalidField('remind_before', REMIND_BEFORE_PASSED);
  return at.toISOString();
};

const subjectOf = (view: { id: number; client: { id: number } }) => ({
  subjectType: 'client_reminder',
  subjectId: view.id,
  clientId: view.client.id,
});

/** Reads the reminder after a change (the scope already checked) for the answer and the history. */
const reread = async (tx: Tx, projectId: number, id: number) =>
  (await loadReminder(tx.db, { projectId, managerId: null }, id))!;

/** A reminder by a person, for the client's manager (whoever creates it). */
export function createReminder(
  deps: AppDeps,
  caller: MemberActor,
  clientId: number,
  body: BodyOf<Api['create']>,
) {
  return transaction(deps, async (tx) => {
    const client = await lockClient(tx.db, caller.projectId, clientId, ownScope(caller));
    if (!client) throw notFound(CLIENT_404);
    return createReminderFor(tx, caller, client, body);
  });
}

/**
 * The creation rule for a client the transaction holds: a single reminder, and each of a bulk
 * action's (the signal `clients.bulk_reminder`).
 */
export async function createReminderFor(
  tx: Tx,
  caller: MemberActor,
  client: { id: number; name: string; last_name: string; manager_id: number },
  body: BodyOf<Api['create']>,
) {
  const due = new Date(body.completion_date);
  checkDue(due, tx.now);
  const notifyAt = noticeAt(due, body.remind_before, tx.now);
  const now = tx.now.toISOString();
  const id = await insertReminder(tx.db, {
    project_id: caller.projectId,
    client_id: client.id,
    manager_id: client.manager_id,
    template_id: null,
    trigger_type: null,
    trigger_id: null,
    title: body.title,
    status: 'pending',
    completion_date: due.toISOString(),
    remind_before: body.remind_before,
    notify_at: notifyAt,
    comments: JSON.stringify(body.comments),
    description: body.description,
    status_changed_at: now,
    created_at: now,
    updated_at: now,
    tasks: body.tasks,
    posts: [],
  });
  const view = await reread(tx, caller.projectId, id);
  const tz = caller.timezone;
  await tx.record({
    ...caller,
    kind: 'client_reminder.created',
    ...subjectOf(view),
    message: `Создано напоминание «${view.title}» по клиенту «${client.name} ${client.last_name}» на ${dueText(due, tz)}`,
    before: null,
    after: view,
  });
  return view;
}

/** Locks the caller's reminder, or 404. */
async function lockOwn(tx: Tx, caller: MemberActor, id: number) {
  const row = await lockReminder(tx.db, scopeOf(caller), id);
  if (!row) throw notFound(REMINDER_NOT_FOUND);
  return row;
}

const refuseUnless = (status: ReminderStatus, allowed: ReminderStatus[], message: string) => {
  if (!allowed.includes(status)) throw invalidField('status', message);
};

/** Another due time: from pending or expired, back to pending; the notice is sent again. */
export function rescheduleReminder(
  deps: AppDeps,
  caller: MemberActor,
  id: number,
  body: BodyOf<Api['reschedule']>,
) {
  return transaction(deps, async (tx) => {
    const row = await lockOwn(tx, caller, id);
    refuseUnless(row.status, ['pending', 'expired'], REMINDER_NOT_RESCHEDULABLE);
    const due = new Date(body.completion_date);
    checkDue(due, tx.now);
    const now = tx.now.toISOString();
    // A notice whose moment has passed already goes out with the scheduler's next pass.
    const notifyAt =
      row.remind_before === null ? null : new Date(due.getTime() - row.remind_before * 60_000).toISOString();
    await updateReminder(tx.db, id, {
      completion_date: due.toISOString(),
      notify_at: notifyAt,
      notified_at: null,
      status: 'pending',
      rescheduled: 1,
      ...(row.status !== 'pending' ? { status_changed_at: now } : {}),
      updated_at: now,
    });
    const tz = caller.timezone;
    const view = await reread(tx, caller.projectId, id);
    await tx.record({
      ...caller,
      kind: 'client_reminder.rescheduled',
      ...subjectOf(view),
      message: `Напоминание «${row.title}» перенесено с ${dueText(row.completion_date, tz)} на ${dueText(due, tz)}`,
      before: { status: row.status, completion_date: row.completion_date },
      after: { status: view.status, completion_date: view.completion_date },
    });
    return view;
  });
}

const minutesText = (minutes: number | null) => {
  if (minutes === null) return 'без уведомления';
  // At the due time itself (a scenario's 0 minutes): not 'за 0 ч'.
  if (minutes === 0) return 'в срок';
  if (minutes % 60 === 0) return `за ${minutes / 60} ч`;
  return `за ${minutes} мин`;
};

/** 'Установить напоминание': the notice's minutes before the due time (null: none). */
export function setRemindBefore(
  deps: AppDeps,
  caller: MemberActor,
  id: number,
  body: BodyOf<Api['remindBefore']>,
) {
  return transaction(deps, async (tx) => {
    const row = await lockOwn(tx, caller, id);
    refuseUnless(row.status, ['pending'], REMINDER_NOT_PENDING);
    const notifyAt = noticeAt(new Date(row.completion_date), body.remind_before, tx.now);
    await updateReminder(tx.db, id, {
      remind_before: body.remind_before,
      notify_at: notifyAt,
      notified_at: null,
      updated_at: tx.now.toISOString(),
    });
    const view = await reread(tx, caller.projectId, id);
    await tx.record({
      ...caller,
      kind: 'client_reminder.remind_before_set',
      ...subjectOf(view),
      message: `Напоминание «${row.title}»: уведомить ${minutesText(body.remind_before)} (было ${minutesText(row.remind_before)})`,
      before: { remind_before: row.remind_before },
      after: { remind_before: body.remind_before },
    });
    return view;
  });
}

/** 'Выполнить задачи': these checklist items become completed (completed ones stay so). */
export function completeReminderTasks(
  deps: AppDeps,
  caller: MemberActor,
  id: number,
  body: BodyOf<Api['updateTasks']>,
) {
  return transaction(deps, async (tx) => {
    const row = await lockOwn(tx, caller, id);
    refuseUnless(row.status, ['pending', 'expired'], REMINDER_TASKS_LOCKED);
    const own = new Set((await listTasks(tx.db, [id])).map((t) => t.id));
    const bad = body.tasks.findIndex((taskId) => !own.has(taskId));
    if (bad >= 0) throw invalidField(`tasks.${bad}`, TASK_NOT_FOUND);
    const done = await completeTasks(tx.db, id, body.tasks, tx.now.toISOString());
    const view = await reread(tx, caller.projectId, id);
    if (done.length > 0) {
      await tx.record({
        ...caller,
        kind: 'client_reminder.tasks_completed',
        ...subjectOf(view),
        message: `В напоминании «${row.title}» выполнено: ${done.map((t) => `«${t.title}»`).join(', ')}`,
        before: { tasks_done: view.tasks_done - done.length },
        after: { tasks_done: view.tasks_done, completed: done.map((t) => t.id) },
      });
    }
    return view;
  });
}

const FINISH = {
  completed: { kind: 'client_reminder.completed', verb: 'выполнено' },
  canceled: { kind: 'client_reminder.canceled', verb: 'отменено' },
} as const;

/** 'Выполнить задачу' or 'Отменить задачу': only a pending reminder ends so. */
export function finishReminder(deps: AppDeps, caller: MemberActor, id: number, status: keyof typeof FINISH) {
  return transaction(deps, async (tx) => {
    const row = await lockOwn(tx, caller, id);
    refuseUnless(row.status, ['pending'], REMINDER_NOT_PENDING);
    const now = tx.now.toISOString();
    await updateReminder(tx.db, id, { status, status_changed_at: now, updated_at: now });
    const view = await reread(tx, caller.projectId, id);
    await tx.record({
      ...caller,
      kind: FINISH[status].kind,
      ...subjectOf(view),
      message: `Напоминание «${row.title}» ${FINISH[status].verb}`,
      before: { status: row.status },
      after: { status },
    });
    return view;
  });
}
