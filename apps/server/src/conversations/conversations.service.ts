import {
  CLIENT_NOT_FOUND_FOR_QUESTION,
  CONVERSATION_NOT_FOUND,
  CONVERSATIONS_LIST_MAX,
  MESSAGES_PER_PAGE,
  isAdminRole,
  type Conversation,
  type ConversationMessage,
  type ConversationsList,
  type LiveEvent,
} from '@crm/contract';
import { lockClient } from '../clients/index.js';
import type { AppDeps, Tx } from '../deps.js';
import { transaction } from '../db/transaction.js';
import { invalidField, notFound } from '../http/app-error.js';
import { ownScope, type MemberActor } from '../http/actor.js';
import { NOTIFICATIONS_CHANGED, notify, unreadAboutConversation } from '../notifications/index.js';
import { projectAdminIds } from '../team/index.js';
import {
  findClientConversation,
  findConversation,
  findMessage,
  insertConversation,
  insertMessage,
  listConversations,
  markReadUpTo,
  pageOfMessages,
  unreadTotal,
  type ConversationRow,
  type MessageRow,
  type Reader,
} from './conversations.repository.js';

const readerOf = (caller: MemberActor): Reader => ({
  userId: caller.actorId,
  isAdmin: isAdminRole(caller.role),
  managerId: ownScope(caller),
});

const toMessage = (row: MessageRow): ConversationMessage => ({
  id: row.id,
  conversation_id: row.conversation_id,
  content: row.content,
  author: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? '' },
  from_admin: Boolean(row.from_admin),
  created_at: row.created_at,
});

const toConversation = (row: ConversationRow): Conversation => ({
  id: row.id,
  client_id: row.client_id,
  client: { id: row.client_id, name: row.client_name, last_name: row.client_last_name },
  manager: { id: row.manager_id, name: row.manager_name },
  latest_message:
    row.message_id === null
      ? null
      : toMessage({
          id: row.message_id,
          conversation_id: row.id,
          content: row.content ?? '',
          from_admin: row.from_admin ?? 0,
          created_at: row.message_created_at ?? row.last_message_at,
          author_id: row.author_id,
          author_name: row.author_name,
        }),
  unread_count: Number(row.unread_count),
  created_at: row.created_at,
});

export async function conversationsOf(deps: AppDeps, caller: MemberActor): Promise<ConversationsList> {
  const reader = readerOf(caller);
  const [rows, total] = await Promise.all([
    listConversations(deps.db, caller.projectId, reader),
    unreadTotal(deps.db, caller.projectId, reader),
  ]);
  return {
    conversations: rows.slice(0, CONVERSATIONS_LIST_MAX).map(toConversation),
    unread_total: total,
    truncated: rows.length > CONVERSATIONS_LIST_MAX,
  };
}

/** One conversation the caller may see; another manager's, or another project's → 404. */
export async function conversationOf(deps: AppDeps, caller: MemberActor, id: number) {
  const row = await findConversation(deps.db, caller.projectId, id, readerOf(caller));
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return toConversation(row);
}

export async function messagesOf(deps: AppDeps, caller: MemberActor, id: number, page: number) {
  await conversationOf(deps, caller, id);
  const { rows, total } = await pageOfMessages(deps.db, id, page);
  return {
    messages: {
      data: rows.map(toMessage),
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / MESSAGES_PER_PAGE)),
      per_page: MESSAGES_PER_PAGE,
      total,
    },
  };
}

/**
 * A question about a client the caller may see: opens the client's conversation, or adds to it
 * when there is one (a client has one conversation, so the whole story stays together).
 */
export function askAboutClient(deps: AppDeps, caller: MemberActor, clientId: number, content: string) {
  return transaction(deps, async (tx) => {
    const client = await lockClient(tx.db, caller.projectId, clientId, ownScope(caller));
    if (!client) throw invalidField('client_id', CLIENT_NOT_FOUND_FOR_QUESTION);
    const existing = await findClientConversation(tx.db, client.id);
    const conversationId =
      existing?.id ??
      (
        await insertConversation(tx.db, {
          project_id: caller.projectId,
          client_id: client.id,
          manager_id: client.manager_id,
          created_at: tx.now.toISOString(),
        })
      ).id;
    const name = `${client.name} ${client.last_name}`.trim();
    if (!existing) {
      await tx.record({
        ...caller,
        kind: 'conversation.created',
        subjectType: 'conversation',
        subjectId: conversationId,
        clientId: client.id,
        message: `Вопрос администратору по клиенту ${name}`,
        after: { client_id: client.id },
      });
    }
    await addMessage(tx, caller, conversationId, content, {
      name,
      managerId: existing?.manager_id ?? client.manager_id,
      clientId: client.id,
      lastName: client.last_name,
      firstName: client.name,
    });
    const row = await findConversation(tx.db, caller.projectId, conversationId, readerOf(caller));
    return toConversation(row!);
  });
}

export function reply(deps: AppDeps, caller: MemberActor, id: number, content: string) {
  return transaction(deps, async (tx) => {
    const row = await findConversation(tx.db, caller.projectId, id, readerOf(caller));
    if (!row) throw notFound(CONVERSATION_NOT_FOUND);
    const name = `${row.client_name} ${row.client_last_name}`.trim();
    return addMessage(tx, caller, id, content, {
      name,
      managerId: row.manager_id,
      clientId: row.client_id,
      firstName: row.client_name,
      lastName: row.client_last_name,
    });
  });
}

type About = { name: string; firstName: string; lastName: string; clientId: number; managerId: number };

const PREVIEW = 80;
const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text);

/**
 * Keeps the message (read by its author), records it, notifies the other side, and once
 * committed pushes it to the open pages of everyone in the conversation: its manager and the
 * project's administrators.
 */
async function addMessage(
  tx: Tx,
  caller: MemberActor,
  conversationId: number,
  content: string,
  about: About,
) {
  const fromAdmin = isAdminRole(caller.role);
  const messageId = await insertMessage(tx.db, {
    conversation_id: conversationId,
    author_id: caller.actorId,
    from_admin: fromAdmin,
    content,
    created_at: tx.now.toISOString(),
  });
  await markReadUpTo(tx.db, conversationId, caller.actorId, messageId);
  const message = toMessage(await findMessage(tx.db, messageId));
  await tx.record({
    ...caller,
    kind: 'conversation.message_sent',
    subjectType: 'conversation',
    subjectId: conversationId,
    clientId: about.clientId,
    message: `Сообщение в чате по клиенту ${about.name}: «${preview(content)}»`,
    after: { message_id: messageId },
  });

  const admins = await projectAdminIds(tx.db, caller.projectId);
  const otherSide = (fromAdmin ? [about.managerId] : admins).filter((userId) => userId !== caller.actorId);
  // One unread notification per conversation: the newest message replaces the older ones.
  if (otherSide.length > 0) await unreadAboutConversation(tx.db, otherSide, conversationId).remove();
  await notify(
    tx,
    otherSide.map((userId) => ({
      userId,
      projectId: caller.projectId,
      type: 'chat_message' as const,
      message: `${caller.actorName} (клиент ${about.name}): ${preview(content)}`,
      data: {
        client: { id: about.clientId, name: about.firstName, last_name: about.lastName },
        conversation: { id: conversationId },
      },
    })),
  );
  const everyone = new Set([about.managerId, ...admins]);
  const event: LiveEvent = {
    type: 'conversation.message',
    payload: { project_id: caller.projectId, message },
  };
  tx.onCommit(async () => {
    await Promise.all([...everyone].map((userId) => tx.deps.publisher.publish(`user:${userId}`, event)));
  });
  return message;
}

/**
 * Marks the conversation read up to its latest message, and its notifications in the bell (his
 * other pages are told); answers the caller's unread total.
 */
export async function markConversationRead(deps: AppDeps, caller: MemberActor, id: number) {
  const row = await findConversation(deps.db, caller.projectId, id, readerOf(caller));
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  if (row.message_id !== null) await markReadUpTo(deps.db, id, caller.actorId, row.message_id);
  const read = await unreadAboutConversation(deps.db, [caller.actorId], id).markRead(
    deps.clock.now().toISOString(),
  );
  if (Number(read.numUpdatedRows) > 0) {
    await deps.publisher.publish(`user:${caller.actorId}`, {
      type: NOTIFICATIONS_CHANGED,
      payload: { project_id: caller.projectId },
    });
  }
  return { unread_total: await unreadTotal(deps.db, caller.projectId, readerOf(caller)) };
}
