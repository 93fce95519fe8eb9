import { sql } from 'kysely';
import { CONVERSATIONS_LIST_MAX, MESSAGES_PER_PAGE } from '@crm/contract';
import { clientsByIds } from '../clients/index.js';
import type { Db } from '../db/database.js';
import './conversations.tables.js';

/** Who reads: his id, whether he is on the administrators' side, and whose conversations he sees (null: all). */
export type Reader = { userId: number; isAdmin: boolean; managerId: number | null };

const messageColumns = [
  'msg.id',
  'msg.conversation_id',
  'msg.content',
  'msg.from_admin',
  'msg.created_at',
  'msg.author_id',
  'author.name as author_name',
] as const;

/** Messages of the other side after the reader's last read one (`c`: the conversation). */
const unreadOf = (reader: Reader) =>
  sql<number>`(select count(*) from conversation_messages x where x.conversation_id = c.id and x.from_admin = ${reader.isAdmin ? 0 : 1} and x.id > coalesce((select r.last_read_message_id from conversation_reads r where r.conversation_id = c.id and r.user_id = ${reader.userId}), 0))`;

/** Conversations with their client, manager, latest message and the reader's unread count. */
const conversationsQuery = (db: Db, projectId: number, reader: Reader) => {
  let query = db
    .selectFrom('conversations as c')
    .innerJoin('users as m', 'm.id', 'c.manager_id')
    .leftJoin('conversation_messages as msg', 'msg.id', 'c.last_message_id')
    .leftJoin('users as author', 'author.id', 'msg.author_id')
    .select([
      'c.id',
      'c.client_id',
      'c.created_at',
      'c.last_message_at',
      'm.id as manager_id',
      'm.name as manager_name',
      'msg.id as message_id',
      'msg.content',
      'msg.from_admin',
      'msg.created_at as message_created_at',
      'msg.author_id',
      'author.name as author_name',
    ])
    .select(unreadOf(reader).as('unread_count'))
    .where('c.project_id', '=', projectId);
  if (reader.managerId !== null) query = query.where('c.manager_id', '=', reader.managerId);
  return query;
};
type ConversationQueryRow = Awaited<
  ReturnType<ReturnType<typeof conversationsQuery>['executeTakeFirstOrThrow']>
>;
export type ConversationRow = ConversationQueryRow & { client_name: string; client_last_name: string };

/** The rows with their clients' names (the clients feature's); a conversation whose client is gone is left out. */
const withClients = async (
  db: Db,
  projectId: number,
  rows: ConversationQueryRow[],
): Promise<ConversationRow[]> => {
  const names = await clientsByIds(
    db,
    rows.map((r) => r.client_id),
    projectId,
  );
  return rows.flatMap((row) => {
    const client = names.get(row.client_id);
    return client ? [{ ...row, client_name: client.name, client_last_name: client.last_name }] : [];
  });
};

export const listConversations = async (db: Db, projectId: number, reader: Reader) =>
  withClients(
    db,
    projectId,
    await conversationsQuery(db, projectId, reader)
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(CONVERSATIONS_LIST_MAX + 1)
      .execute(),
  );

export const findConversation = async (db: Db, projectId: number, id: number, reader: Reader) => {
  const row = await conversationsQuery(db, projectId, reader).where('c.id', '=', id).executeTakeFirst();
  return row ? (await withClients(db, projectId, [row]))[0] : undefined;
};

export const findClientConversation = (db: Db, clientId: number) =>
  db
    .selectFrom('conversations')
    .select(['id', 'manager_id'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();

/** The reader's unread messages over every conversation he sees. */
export async function unreadTotal(db: Db, projectId: number, reader: Reader) {
  let query = db
    .selectFrom('conversations as c')
    .select(sql<number>`coalesce(sum(${unreadOf(reader)}), 0)`.as('total'))
    .where('c.project_id', '=', projectId);
  if (reader.managerId !== null) query = query.where('c.manager_id', '=', reader.managerId);
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}

export const insertConversation = (
  db: Db,
  values: { project_id: number; client_id: number; manager_id: number; created_at: string },
) =>
  db
    .insertInto('conversations')
    .values({ ...values, last_message_id: null, last_message_at: values.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();

export async function insertMessage(
  db: Db,
  values: {
    conversation_id: number;
    author_id: number;
    from_admin: boolean;
    content: string;
    created_at: string;
  },
) {
  const { id } = await db
    .insertInto('conversation_messages')
    .values({ ...values, from_admin: values.from_admin ? 1 : 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('conversations')
    .set({ last_message_id: id, last_message_at: values.created_at })
    .where('id', '=', values.conversation_id)
    .execute();
  return id;
}

export const findMessage = (db: Db, id: number) =>
  db
    .selectFrom('conversation_messages as msg')
    .leftJoin('users as author', 'author.id', 'msg.author_id')
    .select(messageColumns)
    .where('msg.id', '=', id)
    .executeTakeFirstOrThrow();
export type MessageRow = Awaited<ReturnType<typeof findMessage>>;

/** Page 1 is the newest MESSAGES_PER_PAGE; each page comes back oldest first. */
export async function pageOfMessages(db: Db, conversationId: number, page: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('conversation_messages as msg')
      .leftJoin('users as author', 'author.id', 'msg.author_id')
      .select(messageColumns)
      .where('msg.conversation_id', '=', conversationId)
      .orderBy('msg.id', 'desc')
      .limit(MESSAGES_PER_PAGE)
      .offset((page - 1) * MESSAGES_PER_PAGE)
      .execute(),
    db
      .selectFrom('conversation_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.reverse(), total: Number(count.n) };
}

/** Marks the conversation read up to `messageId` for the person (never backwards). */
export async function markReadUpTo(db: Db, conversationId: number, userId: number, messageId: number) {
  await db
    .insertInto('conversation_reads')
    .values({ conversation_id: conversationId, user_id: userId, last_read_message_id: messageId })
    .onConflict((oc) =>
      oc.columns(['conversation_id', 'user_id']).doUpdateSet({
        last_read_message_id: sql<number>`case when excluded.last_read_message_id > conversation_reads.last_read_message_id then excluded.last_read_message_id else conversation_reads.last_read_message_id end`,
      }),
    )
    .execute();
}

/** The conversation now belongs to another client (a merged duplicate's, to the survivor). */
export const moveConversation = (db: Db, id: number, clientId: number) =>
  db.updateTable('conversations').set({ client_id: clientId }).where('id', '=', id).execute();

/**
 * One conversation's messages move into another, which then ends on the later of the two's last
 * messages; each reader keeps the lower of his two read marks (one who read only one, that one's).
 * The emptied conversation is deleted (its read marks with it).
 */
export async function foldConversationInto(db: Db, fromId: number, intoId: number) {
  await db
    .updateTable('conversation_messages')
    .set({ conversation_id: intoId })
    .where('conversation_id', '=', fromId)
    .execute();
  const reads = await db
    .selectFrom('conversation_reads')
    .select(['conversation_id', 'user_id', 'last_read_message_id'])
    .where('conversation_id', 'in', [fromId, intoId])
    .execute();
  const lowest = new Map<number, number>();
  for (const r of reads) {
    lowest.set(r.user_id, Math.min(lowest.get(r.user_id) ?? r.last_read_message_id, r.last_read_message_id));
  }
  await db.deleteFrom('conversation_reads').where('conversation_id', 'in', [fromId, intoId]).execute();
  if (lowest.size > 0) {
    await db
      .insertInto('conversation_reads')
      .values(
        [...lowest].map(([user_id, last_read_message_id]) => ({
          conversation_id: intoId,
          user_id,
          last_read_message_id,
        })),
      )
      .execute();
  }
  const last = await db
    .selectFrom('conversation_messages')
    .select(['id', 'created_at'])
    .where('conversation_id', '=', intoId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last) {
    await db
      .updateTable('conversations')
      .set({ last_message_id: last.id, last_message_at: last.created_at })
      .where('id', '=', intoId)
      .execute();
  }
  await db.deleteFrom('conversations').where('id', '=', fromId).execute();
}

/** Messages by id (a client's timeline shows its conversation's messages in their entries). */
export const messagesByIds = (db: Db, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('conversation_messages')
        .select(['id', 'conversation_id', 'content', 'from_admin'])
        .where('id', 'in', [...ids])
        .execute();
