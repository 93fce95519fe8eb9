import { sql } from 'kysely';
import { CLIENT_MESSAGES_PAGE, INBOX_PAGE } from '@crm/contract';
import type { Db } from '../../db/database.js';
import type { ClientMessagesTable } from '../telegram.tables.js';
import '../telegram.tables.js';

export type NewClientMessage = Pick<
  ClientMessagesTable,
  | 'project_id'
  | 'client_id'
  | 'chat_id'
  | 'direction'
  | 'kind'
  | 'text'
  | 'telegram_message_id'
  | 'created_at'
> & {
  status: 'received' | 'sending';
  author_id: number | null;
  next_attempt_at: string | null;
  keyboard?: 'ask_contact' | 'remove' | null;
  caption?: string | null;
};

/**
 * Keeps a message and moves the client's conversation to the top of the inbox (counting it when
 * the client wrote it): one row per client, so the inbox never counts messages.
 */
export async function insertClientMessage(db: Db, row: NewClientMessage) {
  const { id } = await db
    .insertInto('client_messages')
    .values({
      ...row,
      keyboard: row.keyboard ?? null,
      caption: row.caption ?? null,
      error: null,
      claimed_until: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const incoming = row.direction === 'in' ? 1 : 0;
  await db
    .insertInto('client_threads')
    .values({
      project_id: row.project_id,
      client_id: row.client_id,
      last_message_id: id,
      last_message_at: row.created_at,
      incoming_count: incoming,
    })
    .onConflict((oc) =>
      oc.column('client_id').doUpdateSet((eb) => ({
        last_message_id: eb.ref('excluded.last_message_id'),
        last_message_at: eb.ref('excluded.last_message_at'),
        incoming_count: sql<number>`client_threads.incoming_count + ${incoming}`,
      })),
    )
    .execute();
  return id;
}

const messageColumns = [
  'm.id',
  'm.client_id',
  'm.direction',
  'm.kind',
  'm.text',
  'm.status',
  'm.error',
  'm.author_id',
  'author.name as author_name',
  'm.created_at',
  'f.name as file_name',
  'f.mime as file_mime',
  'f.size as file_size',
  'f.status as file_status',
] as const;

export const findClientMessage = (db: Db, id: number) =>
  db
    .selectFrom('client_messages as m')
    .leftJoin('users as author', 'author.id', 'm.author_id')
    .leftJoin('client_message_files as f', 'f.message_id', 'm.id')
    .select(messageColumns)
    .where('m.id', '=', id)
    .executeTakeFirst();
export type ClientMessageRow = NonNullable<Awaited<ReturnType<typeof findClientMessage>>>;

/** The newest page of a client's messages before `before`, newest first, one more to tell if more remain. */
export const pageOfClientMessages = (db: Db, clientId: number, before: number | undefined) => {
  let query = db
    .selectFrom('client_messages as m')
    .leftJoin('users as author', 'author.id', 'm.author_id')
    .leftJoin('client_message_files as f', 'f.message_id', 'm.id')
    .select(messageColumns)
    .where('m.client_id', '=', clientId);
  if (before !== undefined) query = query.where('m.id', '<', before);
  return query
    .orderBy('m.id', 'desc')
    .limit(CLIENT_MESSAGES_PAGE + 1)
    .execute();
};

/** The reader's unread messages of one client. */
export const unreadOfClient = async (db: Db, clientId: number, userId: number) => {
  const row = await db
    .selectFrom('client_threads as t')
    .leftJoin('client_thread_reads as r', (join) =>
      join.onRef('r.client_id', '=', 't.client_id').on('r.user_id', '=', userId),
    )
    .select(sql<number>`t.incoming_count - coalesce(r.read_count, 0)`.as('unread'))
    .where('t.client_id', '=', clientId)
    .executeTakeFirst();
  return Math.max(0, Number(row?.unread ?? 0));
};

/** Everything the client wrote so far counts as read by this person. */
export const markClientRead = (db: Db, clientId: number, userId: number) =>
  db
    .insertInto('client_thread_reads')
    .columns(['client_id', 'user_id', 'read_count'])
    .expression(
      db
        .selectFrom('client_threads')
        .select((eb) => [
          'client_id',
          eb.val(userId).as('user_id'),
          eb.ref('incoming_count').as('read_count'),
        ])
        .where('client_id', '=', clientId),
    )
    .onConflict((oc) =>
      oc
        .columns(['client_id', 'user_id'])
        .doUpdateSet((eb) => ({ read_count: eb.ref('excluded.read_count') })),
    )
    .execute();

/** Whose conversations a person sees: all of the project's (null) or one manager's clients'. */
export type InboxScope = { projectId: number; userId: number; managerId: number | null };

const threadsOf = (db: Db, scope: InboxScope) => {
  let query = db
    .selectFrom('client_threads as t')
    .innerJoin('clients as c', 'c.id', 't.client_id')
    .leftJoin('client_thread_reads as r', (join) =>
      join.onRef('r.client_id', '=', 't.client_id').on('r.user_id', '=', scope.userId),
    )
    .where('t.project_id', '=', scope.projectId);
  if (scope.managerId !== null) query = query.where('c.manager_id', '=', scope.managerId);
  return query;
};

/**
 * A page of conversations, newest message first, after the cursor (a last message's id); one more
 * to tell if more remain. Two statements, the page then its messages: one joining all seven tables
 * cost PostgreSQL ~7 ms to plan for well under 1 ms of work (docs/decisions.md, "Telegram").
 */
export async function inboxPage(db: Db, scope: InboxScope, cursor: number | null) {
  let query = threadsOf(db, scope)
    .innerJoin('users as manager', 'manager.id', 'c.manager_id')
    .select([
      'c.name as client_name',
      'c.last_name as client_last_name',
      'c.manager_id',
      'manager.name as manager_name',
      't.last_message_id',
      sql<number>`t.incoming_count - coalesce(r.read_count, 0)`.as('unread'),
    ]);
  if (cursor !== null) query = query.where('t.last_message_id', '<', cursor);
  const threads = await query
    .orderBy('t.last_message_id', 'desc')
    .limit(INBOX_PAGE + 1)
    .execute();
  if (threads.length === 0) return [];
  const messages = await db
    .selectFrom('client_messages as m')
    .leftJoin('users as author', 'author.id', 'm.author_id')
    .leftJoin('client_message_files as f', 'f.message_id', 'm.id')
    .leftJoin('telegram_chats as chat', 'chat.id', 'm.chat_id')
    .select(messageColumns)
    .select('chat.username')
    .where(
      'm.id',
      'in',
      threads.map((t) => t.last_message_id),
    )
    .execute();
  const byId = new Map(messages.map((m) => [m.id, m]));
  return threads.flatMap((thread) => {
    const message = byId.get(thread.last_message_id);
    return message ? [{ ...message, ...thread }] : [];
  });
}

/** Unread client messages over the conversations the person sees. */
export const inboxUnreadTotal = async (db: Db, scope: InboxScope) => {
  const row = await threadsOf(db, scope)
    .select(
      sql<number>`coalesce(sum(case when t.incoming_count > coalesce(r.read_count, 0) then t.incoming_count - coalesce(r.read_count, 0) else 0 end), 0)`.as(
        'total',
      ),
    )
    .executeTakeFirst();
  return Number(row?.total ?? 0);
};

/**
 * A merge: the merged client's chats and messages become the survivor's, and his conversation row
 * is counted again from them (the merged one's goes with him).
 */
export async function moveClientChats(db: Db, fromClientId: number, toClientId: number) {
  await db
    .updateTable('telegram_chats')
    .set({ client_id: toClientId })
    .where('client_id', '=', fromClientId)
    .execute();
  const moved = await db
    .updateTable('client_messages')
    .set({ client_id: toClientId })
    .where('client_id', '=', fromClientId)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return;
  await db.deleteFrom('client_threads').where('client_id', '=', fromClientId).execute();
  const summary = await db
    .selectFrom('client_messages')
    .select((eb) => [
      eb.fn.max('id').as('last_id'),
      eb.fn.sum<number>(sql`case when direction = 'in' then 1 else 0 end`).as('incoming'),
      eb.fn.max('project_id').as('project_id'),
    ])
    .where('client_id', '=', toClientId)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('client_messages')
    .select('created_at')
    .where('id', '=', Number(summary.last_id))
    .executeTakeFirstOrThrow();
  await db.deleteFrom('client_threads').where('client_id', '=', toClientId).execute();
  await db
    .insertInto('client_threads')
    .values({
      project_id: Number(summary.project_id),
      client_id: toClientId,
      last_message_id: Number(summary.last_id),
      last_message_at: last.created_at,
      incoming_count: Number(summary.incoming),
    })
    .execute();
}
