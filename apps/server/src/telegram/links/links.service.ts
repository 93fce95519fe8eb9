import { createHash, randomBytes } from 'node:crypto';
import type { Message } from 'grammy/types';
import {
  TELEGRAM_LINK_DONE,
  TELEGRAM_LINK_INVALID,
  TELEGRAM_LINK_MEMBER_HINT,
  TELEGRAM_LINK_NO_BOT,
  TELEGRAM_LINK_SELF_ONLY,
  TELEGRAM_LINK_TTL_MINUTES,
  type NotificationType,
  type TelegramLink,
  type TelegramLinkCode,
  type TelegramLinkedMembers,
} from '@crm/contract';
import type { Db } from '../../db/database.js';
import { transaction } from '../../db/transaction.js';
import type { AppDeps, Tx } from '../../deps.js';
import type { SignalData } from '../../events/domain-events.js';
import type { Actor } from '../../http/actor.js';
import { AppError, forbidden } from '../../http/app-error.js';
import { apiOf } from '../bot-access.js';
import { findChat, findProjectBot, type BotRow } from '../telegram.repository.js';
import {
  activeLinks,
  activeLinksOf,
  deleteLink,
  findLink,
  isLinkedSender,
  queueNotices,
  replaceCode,
  saveLink,
  useCode,
} from './links.repository.js';

/**
 * A member's own Telegram (docs/product.md, "Telegram": managers in Telegram): a one-time deep
 * link `t.me/<bot>?start=link_<code>` sends the bot `/start link_<code>`, which links that
 * Telegram user's chat to the member; his notices then go there (notices.sender.ts).
 */

/** What starts a code in the deep link's parameter (Telegram allows [A-Za-z0-9_-], up to 64). */
const CODE_PREFIX = 'link_';
const START = /^\/start(?:@\w+)?\s+(link_[A-Za-z0-9_-]{1,59})\s*$/;
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

const botLink = (bot: BotRow) => ({ username: bot.username, link: `https://t.me/${bot.username}` });

export async function linkStatus(db: Db, projectId: number, userId: number): Promise<TelegramLink> {
  const [bot, link] = await Promise.all([findProjectBot(db, projectId), findLink(db, projectId, userId)]);
  const linked = bot !== undefined && link !== undefined && link.bot_user_id === bot.bot_user_id;
  return {
    bot: bot ? botLink(bot) : null,
    linked,
    username: linked ? link.username : null,
    linked_at: linked ? link.linked_at : null,
  };
}

/**
 * A new one-time link for the caller himself (an admin switched into his account may not: the
 * notices would go to the admin's Telegram); his older unused one stops working.
 */
export async function createLinkCode(deps: AppDeps, caller: Actor): Promise<TelegramLinkCode> {
  if (caller.impersonatorId !== null) throw forbidden(TELEGRAM_LINK_SELF_ONLY);
  const bot = await findProjectBot(deps.db, caller.projectId);
  if (!bot) throw new AppError(422, TELEGRAM_LINK_NO_BOT);
  const code = `${CODE_PREFIX}${randomBytes(24).toString('base64url')}`;
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_TTL_MINUTES * 60_000).toISOString();
  await replaceCode(deps.db, {
    project_id: caller.projectId,
    user_id: caller.actorId,
    code_hash: hashOf(code),
    created_at: now.toISOString(),
    expires_at: expiresAt,
  });
  return { url: `https://t.me/${bot.username}?start=${code}`, expires_at: expiresAt };
}

const named = (username: string | null) => (username ? `@${username}` : 'без имени пользователя');

/** The caller's Telegram stops getting his notices (what was waiting is dropped). */
export async function unlinkTelegram(deps: AppDeps, caller: Actor): Promise<void> {
  await transaction(deps, async (tx) => {
    const gone = await deleteLink(tx.db, caller.projectId, caller.actorId);
    if (!gone) return;
    await tx.record({
      ...caller,
      kind: 'telegram.member_unlinked',
      subjectType: 'telegram',
      subjectId: null,
      message: `Уведомления CRM больше не приходят в Telegram ${named(gone.username)}`,
      before: { username: gone.username },
      after: null,
    });
  });
}

/** Who of the project linked his Telegram to its connected bot (admins). */
export const linkedMembers = async (db: Db, projectId: number): Promise<TelegramLinkedMembers> => ({
  members: (await activeLinks(db, projectId)).map((l) => ({
    user_id: l.user_id,
    username: l.username,
    linked_at: l.linked_at,
  })),
});

/** Says something to a Telegram user; a failure is logged, never retried (the update is handled). */
async function say(deps: AppDeps, bot: BotRow, chatId: string, text: string) {
  try {
    await apiOf(deps, bot).sendMessage(chatId, text);
  } catch (err) {
    deps.log.warn({ err, bot: bot.id }, 'telegram: the answer to a member was not sent');
  }
}

/**
 * A message to the bot from a member rather than a client: `/start link_<code>` (a deep link
 * from a profile) links his chat, or is refused when the code is used, expired or unknown; any
 * other message of a linked member who is no client of the bot gets a hint. True: handled here,
 * nothing of it is a client's.
 */
export async function handleMemberMessage(
  deps: AppDeps,
  bot: BotRow,
  message: Message & { from: NonNullable<Message['from']> },
) {
  const telegramUserId = String(message.from.id);
  const chatId = String(message.chat.id);
  const start = START.exec(message.text?.trim() ?? '');
  if (start) {
    const linked = await transaction(deps, async (tx) => {
      const at = tx.now.toISOString();
      const code = await useCode(tx.db, hashOf(start[1]!), bot.project_id, at);
      if (!code) return false;
      const username = message.from.username ?? null;
      await saveLink(tx.db, {
        project_id: code.project_id,
        user_id: code.user_id,
        bot_user_id: bot.bot_user_id,
        telegram_user_id: telegramUserId,
        chat_id: chatId,
        username,
        linked_at: at,
      });
      await tx.record({
        projectId: code.project_id,
        actorId: code.user_id,
        kind: 'telegram.member_linked',
        subjectType: 'telegram',
        subjectId: null,
        message: `Уведомления CRM приходят в Telegram ${named(username)}`,
        after: { username },
      });
      return true;
    });
    await say(deps, bot, chatId, linked ? TELEGRAM_LINK_DONE : TELEGRAM_LINK_INVALID);
    return true;
  }
  if (
    message.chat.type !== 'private' ||
    !(await isLinkedSender(deps.db, bot.project_id, bot.bot_user_id, telegramUserId))
  )
    return false;
  // A member who also wrote as a client before keeps that conversation.
  if (await findChat(deps.db, bot.id, telegramUserId)) return false;
  await say(deps, bot, chatId, TELEGRAM_LINK_MEMBER_HINT);
  return true;
}

// ---- notices ---------------------------------------------------------------------------------

/**
 * What reaches a linked member's Telegram: his reminders falling due or expired, his clients'
 * messages to the bot, the answers in the chat with the administrator.
 */
export const FORWARDED: ReadonlySet<NotificationType> = new Set([
  'reminder_due',
  'reminder_expired',
  'client_message',
  'chat_message',
]);

/** Telegram's limit on a message's text. */
const TEXT_MAX = 4096;

/** The notice's text: the notification's sentence, and the client's page when it is about one. */
export const noticeText = (appUrl: string, message: string, clientId: number | null) => {
  const link = clientId === null ? '' : `\n${appUrl}/clients/${clientId}`;
  const room = TEXT_MAX - link.length;
  return `${message.length > room ? `${message.slice(0, room - 1)}…` : message}${link}`;
};

/**
 * Notifications were written (the 'notifications.created' signal): those of a forwarded kind to a
 * member linked with the project's connected bot are queued in the same transaction, so each is
 * sent once, and never for a change that rolled back.
 */
export async function queueLinkedNotices(tx: Tx, { notifications }: SignalData['notifications.created']) {
  const wanted = notifications.filter((n) => FORWARDED.has(n.type));
  if (wanted.length === 0) return;
  const links = await activeLinksOf(
    tx.db,
    [...new Set(wanted.map((n) => n.projectId))],
    [...new Set(wanted.map((n) => n.userId))],
  );
  if (links.length === 0) return;
  const linkOf = new Map(links.map((l) => [`${l.project_id}:${l.user_id}`, l.id]));
  const rows = wanted.flatMap((n) => {
    const linkId = linkOf.get(`${n.projectId}:${n.userId}`);
    return linkId === undefined
      ? []
      : [
          {
            project_id: n.projectId,
            link_id: linkId,
            text: noticeText(tx.deps.config.appUrl, n.message, n.clientId),
          },
        ];
  });
  await queueNotices(tx.db, rows, tx.now.toISOString());
}
