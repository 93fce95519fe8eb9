import {
  CLIENT_BOT_GONE,
  CLIENT_MESSAGE_NOT_FAILED,
  CLIENT_MESSAGE_NOT_FOUND,
  CLIENT_MESSAGES_PAGE,
  CLIENT_NO_CHAT,
  INBOX_PAGE,
  type ClientMessagesAnswer,
  type InboxAnswer,
} from '@crm/contract';
import { CLIENT_404, clientsByIds, lockClient } from '../../clients/index.js';
import { transaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import { ownScope, type MemberActor } from '../../http/actor.js';
import { AppError, notFound } from '../../http/app-error.js';
import { NOTIFICATIONS_CHANGED, unreadAboutClientMessages } from '../../notifications/index.js';
import { findProjectBot, latestChatOf } from '../telegram.repository.js';
import {
  findClientMessage,
  inboxPage,
  inboxUnreadTotal,
  insertClientMessage,
  markClientRead,
  pageOfClientMessages,
  unreadOfClient,
  type InboxScope,
} from './messages.repository.js';
import { kickOutbox } from '../outbox/outbox.sender.js';
import { publishClientMessage, toClientMessage } from './messages.live.js';
import { queueAgain } from '../outbox/outbox.repository.js';
import { insertFile } from '../files/files.repository.js';

/** The client, when the caller may see him (another manager's, or another project's → 404). */
export async function visibleClient(deps: AppDeps, caller: MemberActor, clientId: number) {
  const client = (await clientsByIds(deps.db, [clientId], caller.projectId)).get(clientId);
  const scope = ownScope(caller);
  if (!client || (scope !== null && client.manager_id !== scope)) throw notFound(CLIENT_404);
  return client;
}

export async function clientMessages(
  deps: AppDeps,
  caller: MemberActor,
  clientId: number,
  before: number | undefined,
): Promise<ClientMessagesAnswer> {
  await visibleClient(deps, caller, clientId);
  const [rows, chat, bot, unread] = await Promise.all([
    pageOfClientMessages(deps.db, clientId, before),
    latestChatOf(deps.db, clientId),
    findProjectBot(deps.db, caller.projectId),
    unreadOfClient(deps.db, clientId, caller.actorId),
  ]);
  return {
    messages: rows.slice(0, CLIENT_MESSAGES_PAGE).reverse().map(toClientMessage),
    has_more: rows.length > CLIENT_MESSAGES_PAGE,
    chat: chat ? { username: chat.username, can_reply: bot !== undefined && bot.id === chat.bot_id } : null,
    unread_count: unread,
  };
}

const PREVIEW = 80;
const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text);

/** What an answer carries: text alone, or a photo or file (kept in the store) with a caption. */
export type Answer =
  | { kind: 'text'; text: string }
  | { kind: 'photo' | 'document'; caption: string; file: { key: string; name: string; mime: string; size: number } };

/** What the page shows of an answer, as of a client's message: 'Фото: …', 'Файл «…»: …'. */
const shownText = (answer: Answer) => {
  if (answer.kind === 'text') return answer.text;
  const what = answer.kind === 'photo' ? 'Фото' : `Файл «${answer.file.name}»`;
  return answer.caption ? `${what}: ${answer.caption}` : what;
};

/**
 * An answer to the client: kept as 'sending' with the change's entry, then sent by the outbox
 * (docs/decisions.md, "Telegram"); the person who answers has read what the client wrote.
 */
export async function answerClient(deps: AppDeps, caller: MemberActor, clientId: number, answer: Answer) {
  const text = shownText(answer);
  const id = await transaction(deps, async (tx) => {
    const client = await lockClient(tx.db, caller.projectId, clientId, ownScope(caller));
    if (!client) throw notFound(CLIENT_404);
    const bot = await findProjectBot(tx.db, caller.projectId);
    if (!bot) throw new AppError(422, CLIENT_BOT_GONE);
    const chat = await latestChatOf(tx.db, clientId);
    if (!chat || chat.bot_id !== bot.id) throw new AppError(422, CLIENT_NO_CHAT);
    const at = tx.now.toISOString();
    const messageId = await insertClientMessage(tx.db, {
      project_id: caller.projectId,
      client_id: clientId,
      chat_id: chat.id,
      direction: 'out',
      kind: answer.kind,
      text,
      caption: answer.kind === 'text' ? null : answer.caption,
      telegram_message_id: null,
      created_at: at,
      status: 'sending',
      author_id: caller.actorId,
      next_attempt_at: at,
    });
    if (answer.kind !== 'text') {
      const { key, name, mime, size } = answer.file;
      await insertFile(tx.db, { message_id: messageId, project_id: caller.projectId, telegram_file_id: '', name, mime, size, status: 'stored' }, at, key);
    }
    await markClientRead(tx.db, clientId, caller.actorId);
    await tx.record({
      ...caller,
      kind: 'client_message.sent',
      subjectType: 'client',
      subjectId: clientId,
      clientId,
      message: `Ответ клиенту ${`${client.name} ${client.last_name}`.trim()} в Telegram: «${preview(text)}»`,
      after: { message_id: messageId },
    });
    // Told as 'sending' before the outbox can tell 'sent'.
    tx.onCommit(async () => {
      await publishClientMessage(deps, caller.projectId, messageId);
      kickOutbox(deps);
    });
    return messageId;
  });
  return toClientMessage((await findClientMessage(deps.db, id))!);
}

/** A text answer (`POST …/messages`). */
export const replyToClient = (deps: AppDeps, caller: MemberActor, clientId: number, text: string) =>
  answerClient(deps, caller, clientId, { kind: 'text', text });

/** Sends a failed answer again (a new attempt; the first one is known not to have arrived, or was checked). */
export async function retryClientMessage(deps: AppDeps, caller: MemberActor, clientId: number, messageId: number) {
  await visibleClient(deps, caller, clientId);
  const row = await findClientMessage(deps.db, messageId);
  if (!row || row.client_id !== clientId || row.direction !== 'out') throw notFound(CLIENT_MESSAGE_NOT_FOUND);
  if (row.status !== 'failed') throw new AppError(422, CLIENT_MESSAGE_NOT_FAILED);
  if (!(await findProjectBot(deps.db, caller.projectId))) throw new AppError(422, CLIENT_BOT_GONE);
  await queueAgain(deps.db, messageId, deps.clock.now().toISOString());
  await publishClientMessage(deps, caller.projectId, messageId);
  kickOutbox(deps);
  return toClientMessage((await findClientMessage(deps.db, messageId))!);
}

const inboxScope = (caller: MemberActor, filter: 'mine' | 'all'): InboxScope => ({
  projectId: caller.projectId,
  userId: caller.actorId,
  managerId: ownScope(caller) ?? (filter === 'mine' ? caller.actorId : null),
});

export async function inbox(deps: AppDeps, caller: MemberActor, filter: 'mine' | 'all', cursor: string | undefined): Promise<InboxAnswer> {
  const rows = await inboxPage(deps.db, inboxScope(caller, filter), cursor === undefined ? null : Number(cursor));
  const page = rows.slice(0, INBOX_PAGE);
  return {
    threads: page.map((row) => ({
      client: { id: row.client_id, name: row.client_name, last_name: row.client_last_name },
      manager: { id: row.manager_id, name: row.manager_name },
      username: row.username,
      last_message: toClientMessage(row),
      unread_count: Math.max(0, Number(row.unread)),
    })),
    next_cursor: rows.length > INBOX_PAGE ? String(page.at(-1)!.last_message_id) : null,
  };
}

export const inboxUnread = async (deps: AppDeps, caller: MemberActor) => ({
  unread_total: await inboxUnreadTotal(deps.db, inboxScope(caller, 'all')),
});

/** The client's messages read by the caller, and his bell's notice about them. */
export async function markClientMessagesRead(deps: AppDeps, caller: MemberActor, clientId: number) {
  await visibleClient(deps, caller, clientId);
  await markClientRead(deps.db, clientId, caller.actorId);
  const read = await unreadAboutClientMessages(deps.db, [caller.actorId], clientId).markRead(deps.clock.now().toISOString());
  if (Number(read.numUpdatedRows) > 0) {
    await deps.publisher.publish(`user:${caller.actorId}`, { type: NOTIFICATIONS_CHANGED, payload: { project_id: caller.projectId } });
  }
  return inboxUnread(deps, caller);
}
