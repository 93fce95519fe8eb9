import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { NOTIFICATIONS_LIST_MAX } from '@crm/contract';
import type { Db } from '../db/database.js';
import './notifications.tables.js';
import type { NotificationsTable } from './notifications.tables.js';

export type NewNotification = Omit<NotificationsTable, 'id' | 'read_at'> & { read_at?: string | null };

/** Rows per INSERT (SQLite allows 32 766 variables; 6 a row). */
const CHUNK = 500;

export async function insertNotifications(db: Db, rows: NewNotification[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('notifications')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

type Scope = { userId: number; projectId?: number | undefined };

const scoped = (db: Db, { userId, projectId }: Scope) => {
  let q = db.selectFrom('notifications').where('user_id', '=', userId);
  if (projectId !== undefined) q = q.where('project_id', '=', projectId);
  return q;
};

/** The last day's notifications and every older unread one, newest first. */
export const listNotifications = (db: Db, scope: Scope, since: string) =>
  scoped(db, scope)
    .selectAll()
    .where((eb) => eb.or([eb('created_at', '>=', since), eb('read_at', 'is', null)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_LIST_MAX)
    .execute();

export const countUnread = async (db: Db, scope: Scope) =>
  Number(
    (
      await scoped(db, scope)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const findNotification = (db: Db, scope: Scope, id: number) =>
  scoped(db, scope).select(['id', 'project_id']).where('id', '=', id).executeTakeFirst();

export const markRead = async (db: Db, scope: Scope & { id?: number }, now: string) => {
  let q = db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', scope.userId)
    .where('read_at', 'is', null);
  if (scope.projectId !== undefined) q = q.where('project_id', '=', scope.projectId);
  if (scope.id !== undefined) q = q.where('id', '=', scope.id);
  await q.execute();
};

/**
 * The people's unread notifications of one conversation (its id in the chat_message's `data`
 * JSON, as JSON.stringify writes it): marked read when the conversation is read, or deleted when
 * a newer message replaces them, so the bell holds one per conversation.
 */
export function unreadAboutConversation(db: Db, userIds: number[], conversationId: number) {
  const unread = (eb: ExpressionBuilder<Database, 'notifications'>) =>
    eb.and([
      eb('user_id', 'in', userIds),
      eb('type', '=', 'chat_message'),
      eb('read_at', 'is', null),
      eb('data', 'like', `%"conversation":{"id":${conversationId}}%`),
    ]);
  return {
    markRead: (at: string) =>
      db.updateTable('notifications').set({ read_at: at }).where(unread).executeTakeFirst(),
    remove: () => db.deleteFrom('notifications').where(unread).execute(),
  };
}

/** Unread 'client_message' notifications of these people about a client (one is kept per client). */
export function unreadAboutClientMessages(db: Db, userIds: number[], clientId: number) {
  const unread = (eb: ExpressionBuilder<Database, 'notifications'>) =>
    eb.and([
      eb('user_id', 'in', userIds),
      eb('type', '=', 'client_message'),
      eb('read_at', 'is', null),
      eb('data', 'like', `%"client":{"id":${clientId},%`),
    ]);
  return {
    markRead: (at: string) => db.updateTable('notifications').set({ read_at: at }).where(unread).executeTakeFirst(),
    remove: () => db.deleteFrom('notifications').where(unread).execute(),
  };
}
