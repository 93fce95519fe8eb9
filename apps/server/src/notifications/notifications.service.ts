import { NOTIFICATION_NOT_FOUND, type Notification, type NotificationsList } from '@crm/contract';
import type { AppDeps, Tx } from '../deps.js';
import { notFound } from '../http/app-error.js';
import {
  countUnread,
  findNotification,
  insertNotifications,
  listNotifications,
  markRead,
  type NewNotification,
} from './notifications.repository.js';

type Row = Awaited<ReturnType<typeof listNotifications>>[number];

const toView = (row: Row): Notification => ({
  id: row.id,
  type: row.type,
  project_id: row.project_id,
  message: row.message,
  data: {
    client_reminder: null,
    client: null,
    conversation: null,
    ...(JSON.parse(row.data) as Partial<Notification['data']>),
  },
  read_at: row.read_at,
  created_at: row.created_at,
});

const DAY_MS = 24 * 3600_000;

/** What another feature sends: to whom, in which project, what he reads and what it is about. */
export type NotificationInput = {
  userId: number;
  projectId: number;
  type: Notification['type'];
  message: string;
  data: Partial<Notification['data']>;
};

/** The realtime message an open page of the user gets when his notifications change. */
export const NOTIFICATIONS_CHANGED = 'notifications.changed';

/**
 * Writes notifications in the caller's transaction; once it commits, each person's open pages
 * are told (the bell refetches its count).
 */
export async function notify(tx: Tx, items: NotificationInput[]) {
  if (items.length === 0) return;
  const at = tx.now.toISOString();
  const rows: NewNotification[] = items.map((n) => ({
    user_id: n.userId,
    project_id: n.projectId,
    type: n.type,
    message: n.message,
    data: JSON.stringify(n.data),
    created_at: at,
  }));
  await insertNotifications(tx.db, rows);
  // A feature that carries notices elsewhere (a member's Telegram) queues them with this change.
  await tx.signal('notifications.created', {
    notifications: items.map((n) => ({
      userId: n.userId,
      projectId: n.projectId,
      type: n.type,
      message: n.message,
      clientId: n.data.client?.id ?? null,
    })),
  });
  const people = new Map(items.map((n) => [`${n.userId}:${n.projectId}`, n]));
  tx.onCommit(async () => {
    for (const n of people.values()) {
      await tx.deps.publisher.publish(`user:${n.userId}`, {
        type: NOTIFICATIONS_CHANGED,
        payload: { project_id: n.projectId },
      });
    }
  });
}

type Scope = { userId: number; projectId?: number | undefined };

export async function listForUser({ db, clock }: AppDeps, scope: Scope): Promise<NotificationsList> {
  const since = new Date(clock.now().getTime() - DAY_MS).toISOString();
  const [rows, unread] = await Promise.all([listNotifications(db, scope, since), countUnread(db, scope)]);
  return { notifications: rows.map(toView), unread_count: unread };
}

export const unreadCount = async ({ db }: AppDeps, scope: Scope) => ({
  unread_count: await countUnread(db, scope),
});

/** The person's other open pages refetch their bell (read in one tab, read in all). */
const tellOtherPages = (deps: AppDeps, userId: number, projectId: number | undefined) =>
  projectId === undefined
    ? Promise.resolve()
    : deps.publisher.publish(`user:${userId}`, {
        type: NOTIFICATIONS_CHANGED,
        payload: { project_id: projectId },
      });

/**
 * Marks one of the user's notifications read (another's, or one outside the scope's project → 404);
 * answers his unread count in its project.
 */
export async function markOneRead(deps: AppDeps, scope: Scope, id: number) {
  const { userId } = scope;
  const found = await findNotification(deps.db, scope, id);
  if (!found) throw notFound(NOTIFICATION_NOT_FOUND);
  await markRead(deps.db, { userId, id }, deps.clock.now().toISOString());
  await tellOtherPages(deps, userId, found.project_id);
  return unreadCount(deps, { userId, projectId: found.project_id });
}

export async function markAllRead(deps: AppDeps, scope: Scope) {
  await markRead(deps.db, scope, deps.clock.now().toISOString());
  await tellOtherPages(deps, scope.userId, scope.projectId);
  return unreadCount(deps, scope);
}
