import {
  CALENDAR_LIMIT,
  REMINDERS_PER_PAGE,
  type ReminderStatus,
  type ScenarioEventType,
} from '@crm/contract';
import type { Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import { clientsByIds } from '../clients/index.js';
import { linkedPosts } from './linked-posts.js';
import './reminders.tables.js';
import type { ClientRemindersTable } from './reminders.tables.js';

/** What lists show of a reminder: its manager joined; its client comes from the clients feature. */
const listColumns = [
  'r.id',
  'r.title',
  'r.status',
  'r.completion_date',
  'r.rescheduled',
  'r.tasks_total',
  'r.tasks_done',
  'r.template_id',
  'r.manager_id',
  'u.name as manager_name',
  'r.client_id',
] as const;

const withManager = (db: Db) =>
  db.selectFrom('client_reminders as r').innerJoin('users as u', 'u.id', 'r.manager_id');

/**
 * The rows with their clients' names and stages (one query to the clients feature); a reminder
 * whose client is gone is left out.
 */
async function withClients<R extends { client_id: number }>(db: Db, projectId: number, rows: R[]) {
  const clients = await clientsByIds(
    db,
    rows.map((r) => r.client_id),
    projectId,
  );
  return rows.flatMap((row) => {
    const client = clients.get(row.client_id);
    return client
      ? [
          {
            ...row,
            client_name: client.name,
            client_last_name: client.last_name,
            client_category_id: client.category_id,
          },
        ]
      : [];
  });
}

export type ReminderListRow = Awaited<ReturnType<typeof listDue>>[number];

/** Whose reminders: a manager's own (his id) or the whole project's (null), optionally one member's. */
export type ReminderScope = { projectId: number; managerId: number | null };

/**
 * Reminders due in [from, to) of the scope, earliest first, at most CALENDAR_LIMIT + 1 (the
 * extra one tells the caller there are more): today's list and the calendar's window. Optionally
 * only those a scenario made from one event.
 */
export const listDue = async (
  db: Db,
  scope: ReminderScope,
  from: string,
  to: string,
  trigger?: { type: ScenarioEventType; id: number },
) => {
  let q = withManager(db)
    .select(listColumns)
    .where('r.project_id', '=', scope.projectId)
    .where('r.completion_date', '>=', from)
    .where('r.completion_date', '<', to);
  if (scope.managerId !== null) q = q.where('r.manager_id', '=', scope.managerId);
  if (trigger) q = q.where('r.trigger_type', '=', trigger.type).where('r.trigger_id', '=', trigger.id);
  return withClients(
    db,
    scope.projectId,
    await q
      .orderBy('r.completion_date')
      .orderBy('r.id')
      .limit(CALENDAR_LIMIT + 1)
      .execute(),
  );
};

/** A calendar event is drawn from a list row (the calendar's window is `listDue`'s). */
export type CalendarRow = ReminderListRow;

/**
 * The open (pending or overdue) reminders of these clients in the scope, each client's earliest
 * first: the board's "next reminder" (client_reminders_client_idx).
 */
export const listOpenOfClients = (db: Db, scope: ReminderScope, clientIds: number[]) => {
  let q = db
    .selectFrom('client_reminders as r')
    .select(['r.client_id', 'r.id', 'r.title', 'r.status', 'r.completion_date'])
    .where('r.project_id', '=', scope.projectId)
    .where('r.client_id', 'in', clientIds)
    .where('r.status', 'in', ['pending', 'expired']);
  if (scope.managerId !== null) q = q.where('r.manager_id', '=', scope.managerId);
  return q.orderBy('r.client_id').orderBy('r.completion_date').orderBy('r.id').execute();
};

export type ReminderFilter = ReminderScope & {
  status?: ReminderStatus | undefined;
  clientId?: number | undefined;
};

const filtered = (db: Db, f: ReminderFilter) => {
  let q = withManager(db).where('r.project_id', '=', f.projectId);
  if (f.managerId !== null) q = q.where('r.manager_id', '=', f.managerId);
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.clientId !== undefined) q = q.where('r.client_id', '=', f.clientId);
  return q;
};

export const listPage = async (db: Db, f: ReminderFilter, page: number) =>
  withClients(
    db,
    f.projectId,
    await filtered(db, f)
      .select(listColumns)
      .orderBy('r.completion_date', 'desc')
      .orderBy('r.id', 'desc')
      .limit(REMINDERS_PER_PAGE)
      .offset((page - 1) * REMINDERS_PER_PAGE)
      .execute(),
  );

export const countFiltered = async (db: Db, f: ReminderFilter) =>
  Number(
    (
      await filtered(db, f)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** How many of the scope's reminders due in [from, to) each scenario event made. */
export const countTriggers = (db: Db, scope: ReminderScope, from: string, to: string) => {
  let q = db
    .selectFrom('client_reminders as r')
    .select(['r.trigger_type', 'r.trigger_id', (eb) => eb.fn.countAll().as('n')])
    .where('r.project_id', '=', scope.projectId)
    .where('r.completion_date', '>=', from)
    .where('r.completion_date', '<', to)
    .where('r.trigger_type', 'is not', null);
  if (scope.managerId !== null) q = q.where('r.manager_id', '=', scope.managerId);
  return q.groupBy(['r.trigger_type', 'r.trigger_id']).execute();
};

/** One reminder of the scope, with what lists show and the rest of its row. */
export const findReminder = async (db: Db, scope: ReminderScope, id: number) => {
  let q = withManager(db)
    .select([
      ...listColumns,
      'r.remind_before',
      'r.notify_at',
      'r.comments',
      'r.description',
      'r.created_at',
      'r.updated_at',
    ])
    .where('r.project_id', '=', scope.projectId)
    .where('r.id', '=', id);
  if (scope.managerId !== null) q = q.where('r.manager_id', '=', scope.managerId);
  const row = await q.executeTakeFirst();
  return row ? (await withClients(db, scope.projectId, [row]))[0] : undefined;
};
export type ReminderRow = NonNullable<Awaited<ReturnType<typeof findReminder>>>;

/**
 * Holds a reminder of the scope until the transaction ends (a no-op update), so two changes of
 * one reminder (a person's and the scheduler's) happen one after the other.
 */
export const lockReminder = (db: Db, scope: ReminderScope, id: number) => {
  let q = db
    .updateTable('client_reminders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('project_id', '=', scope.projectId)
    .where('id', '=', id);
  if (scope.managerId !== null) q = q.where('manager_id', '=', scope.managerId);
  return q
    .returning(['id', 'status', 'title', 'completion_date', 'remind_before', 'client_id', 'manager_id'])
    .executeTakeFirst();
};

export const listTasks = (db: Db, reminderIds: number[]) =>
  reminderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('client_reminder_tasks')
        .select(['id', 'reminder_id', 'title', 'status'])
        .where('reminder_id', 'in', reminderIds)
        .orderBy('reminder_id')
        .orderBy('position')
        .execute();

/** A reminder's articles in their order (the knowledge feature's). */
export async function listReminderPosts(db: Db, projectId: number, reminderId: number) {
  const links = await db
    .selectFrom('client_reminder_posts')
    .select('post_id')
    .where('reminder_id', '=', reminderId)
    .orderBy('position')
    .execute();
  return (await linkedPosts(db, projectId, links)).map(({ id, title }) => ({ id, title }));
}

export type NewReminder = Omit<
  ClientRemindersTable,
  'id' | 'rescheduled' | 'tasks_total' | 'tasks_done' | 'notified_at'
> & {
  tasks: string[];
  posts: number[];
};

/** A reminder with its checklist and articles; answers its id. */
export async function insertReminder(db: Db, r: NewReminder): Promise<number> {
  const { tasks, posts, ...row } = r;
  const { id } = await db
    .insertInto('client_reminders')
    .values({ ...row, tasks_total: tasks.length, tasks_done: 0, rescheduled: 0, notified_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (tasks.length > 0) {
    await db
      .insertInto('client_reminder_tasks')
      .values(
        tasks.map((title, position) => ({
          reminder_id: id,
          title,
          status: 'pending' as const,
          position,
          completed_at: null,
        })),
      )
      .execute();
  }
  if (posts.length > 0) {
    await db
      .insertInto('client_reminder_posts')
      .values(posts.map((post_id, position) => ({ reminder_id: id, post_id, position })))
      .execute();
  }
  return id;
}

export const updateReminder = (db: Db, id: number, values: Updateable<ClientRemindersTable>) =>
  db.updateTable('client_reminders').set(values).where('id', '=', id).execute();

/** Marks these tasks of the reminder completed; answers the titles that changed. */
export async function completeTasks(db: Db, reminderId: number, ids: number[], now: string) {
  const done = await db
    .updateTable('client_reminder_tasks')
    .set({ status: 'completed', completed_at: now })
    .where('reminder_id', '=', reminderId)
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .returning(['id', 'title'])
    .execute();
  const { n } = await db
    .selectFrom('client_reminder_tasks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('reminder_id', '=', reminderId)
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('client_reminders')
    .set({ tasks_done: Number(n), updated_at: now })
    .where('id', '=', reminderId)
    .execute();
  return done;
}

/**
 * A client left what made some of his scenario reminders (a category, or options of a field):
 * the ones not done yet become skipped; answers them.
 */
export const skipTriggered = (
  db: Db,
  clientIds: number[],
  type: ScenarioEventType,
  triggerIds: number[],
  now: string,
) =>
  triggerIds.length === 0 || clientIds.length === 0
    ? Promise.resolve([])
    : db
        .updateTable('client_reminders')
        .set({ status: 'skipped', status_changed_at: now, updated_at: now })
        .where('client_id', 'in', clientIds)
        .where('trigger_type', '=', type)
        .where('trigger_id', 'in', triggerIds)
        .where('status', 'in', ['pending', 'expired'])
        .returning(['id', 'project_id', 'client_id', 'title', 'manager_id'])
        .execute();

/** Open reminders follow their client to his new manager. */
export const followClientOwner = (db: Db, clientId: number, managerId: number, now: string) =>
  db
    .updateTable('client_reminders')
    .set({ manager_id: managerId, updated_at: now })
    .where('client_id', '=', clientId)
    .where('manager_id', '<>', managerId)
    .where('status', 'in', ['pending', 'expired'])
    .execute();

/** A merged client's reminders become the survivor's (docs/product.md, "Duplicates"). */
export const moveClientReminders = (db: Db, fromClientId: number, toClientId: number, now: string) =>
  db
    .updateTable('client_reminders')
    .set({ client_id: toClientId, updated_at: now })
    .where('client_id', '=', fromClientId)
    .execute();

/** Open reminders of a removed member pass to his successor. */
export const handOverOpenReminders = (db: Db, projectId: number, from: number, to: number, now: string) =>
  db
    .updateTable('client_reminders')
    .set({ manager_id: to, updated_at: now })
    .where('project_id', '=', projectId)
    .where('manager_id', '=', from)
    .where('status', 'in', ['pending', 'expired'])
    .execute();

const dueColumns = ['id', 'project_id', 'manager_id', 'client_id', 'title', 'completion_date'] as const;

/** Pending reminders due by `at` become expired, the `limit` earliest; answers them. */
export const expireDue = (db: Db, at: string, limit: number) =>
  db
    .updateTable('client_reminders')
    .set({ status: 'expired', status_changed_at: at, updated_at: at })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('client_reminders')
        .select('id')
        .where('status', '=', 'pending')
        .where('completion_date', '<=', at)
        .orderBy('completion_date')
        .limit(limit),
    )
    .where('status', '=', 'pending')
    .where('completion_date', '<=', at)
    .returning(dueColumns)
    .execute();

/**
 * Pending reminders whose notice moment has come by `at` are marked notified, the `limit`
 * earliest; answers them.
 */
export const markNoticesDue = (db: Db, at: string, limit: number) =>
  db
    .updateTable('client_reminders')
    .set({ notified_at: at })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('client_reminders')
        .select('id')
        .where('status', '=', 'pending')
        .where('notified_at', 'is', null)
        .where('notify_at', 'is not', null)
        .where('notify_at', '<=', at)
        .orderBy('notify_at')
        .limit(limit),
    )
    .where('status', '=', 'pending')
    .where('notified_at', 'is', null)
    .returning(dueColumns)
    .execute();

/** Reminders of the project by id, for a client's timeline: what it shows of each and how to open it. */
export const remindersByIds = (db: Db, projectId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('client_reminders')
        .select(['id', 'title', 'status', 'completion_date', 'template_id'])
        .where('project_id', '=', projectId)
        .where('id', 'in', [...ids])
        .execute();
