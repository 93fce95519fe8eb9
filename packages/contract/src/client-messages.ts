import { z } from 'zod';
import { idSchema, isoDateTime, REQUIRED, requiredString, tooLong } from './common.js';

// ---- a client's conversation in Telegram, and the inbox of conversations (docs/product.md, "Telegram")

/** Telegram's own limit on one message's text: a longer answer is refused, never cut. */
export const CLIENT_REPLY_MAX = 4096;
/** Messages per request: the newest, then older ones by `before`. */
export const CLIENT_MESSAGES_PAGE = 50;
/** Conversations per inbox page. */
export const INBOX_PAGE = 50;

/** Telegram's own limit on a photo's or file's caption. */
export const CLIENT_CAPTION_MAX = 1024;
/** The largest file a bot may send through the Bot API (50 MB); the server's own limit may be lower. */
export const CLIENT_SEND_FILE_MAX_MB = 50;
export const CLIENT_FILE_MISSING = 'Выберите файл: он отправляется формой multipart/form-data в поле «file»';
export const clientFileTooBig = (mb: number) => `Файл больше ${mb} МБ: столько CRM не отправит через Telegram. Отправьте ссылку на него`;

export const CLIENT_NO_CHAT = 'Клиент ещё не писал боту: ответить в Telegram можно тому, кто написал первым';
export const CLIENT_BOT_GONE = 'Telegram-бот проекта отключён: подключите его в настройках проекта, чтобы ответить';
export const CLIENT_MESSAGE_NOT_FOUND = 'Сообщение не найдено';
export const CLIENT_MESSAGE_NOT_FAILED = 'Повторить можно только сообщение, которое не отправилось';

export const clientMessageSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  /** in: the client wrote; out: the team answered. */
  direction: z.enum(['in', 'out']),
  /** text; a number the client shared; a photo or a file (named in `text`); a kind not shown. */
  kind: z.enum(['text', 'contact', 'photo', 'document', 'other']),
  /** Plain text; pages show it as text, never as HTML. */
  text: z.string(),
  /** Who answered (out); null for the client's own messages or once the account is gone. */
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /**
   * received (in); sending (out, queued or waiting for Telegram's rate limit); sent; failed (out,
   * with the reason in `error`).
   */
  status: z.enum(['received', 'sending', 'sent', 'failed']),
  /** Why it failed, or why it waits (Russian, for the person). */
  error: z.string().nullable(),
  /**
   * A photo or document the client sent, or the team's answer carries: waiting (being fetched from Telegram), stored (GET …/file
   * gives it), too_big (over the server's limit), failed (Telegram would not give it).
   */
  file: z
    .object({
      name: z.string(),
      mime: z.string().nullable(),
      size: z.number().int().nullable(),
      status: z.enum(['waiting', 'stored', 'too_big', 'failed']),
    })
    .nullable(),
  created_at: isoDateTime,
});
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const clientMessagesParams = z.object({ projectId: idSchema, clientId: idSchema });
export const clientMessageParams = clientMessagesParams.extend({ messageId: idSchema });

export const clientMessagesQuery = z.object({
  /** Older than this message id (the next page up). */
  before: z.coerce.number().int().positive().optional(),
});

export const clientMessagesAnswer = z.object({
  /** Oldest first, the newest CLIENT_MESSAGES_PAGE (before `before`). */
  messages: z.array(clientMessageSchema),
  /** Older messages remain. */
  has_more: z.boolean(),
  /** The Telegram user the client is; null when he never wrote to the bot. */
  chat: z.object({ username: z.string().nullable(), can_reply: z.boolean() }).nullable(),
  /** The caller's unread messages of this client. */
  unread_count: z.number().int(),
});
export type ClientMessagesAnswer = z.infer<typeof clientMessagesAnswer>;

export const clientReplyBody = z.object({
  text: requiredString('multi').trim().min(1, REQUIRED).max(CLIENT_REPLY_MAX, tooLong(CLIENT_REPLY_MAX)),
});
export type ClientReplyBody = z.input<typeof clientReplyBody>;

/** The caption sent with a file (the form's `text` field), optional. */
export const clientFileCaption = z.string().trim().max(CLIENT_CAPTION_MAX, tooLong(CLIENT_CAPTION_MAX));

export const inboxQuery = z.object({
  /** mine: the caller's clients (a manager always sees only his); all: every client (admins). */
  filter: z.enum(['mine', 'all']).optional().default('all'),
  /** The next page: the cursor the previous one answered. */
  cursor: z.string().regex(/^\d{1,15}$/, 'Неверная страница списка').optional(),
});

export const inboxThreadSchema = z.object({
  client: z.object({ id: z.number().int(), name: z.string(), last_name: z.string() }),
  manager: z.object({ id: z.number().int(), name: z.string() }),
  /** The Telegram user's @name, when he has one. */
  username: z.string().nullable(),
  last_message: clientMessageSchema,
  unread_count: z.number().int(),
});
export type InboxThread = z.infer<typeof inboxThreadSchema>;

export const inboxAnswer = z.object({
  /** Newest message first. */
  threads: z.array(inboxThreadSchema),
  /** For the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type InboxAnswer = z.infer<typeof inboxAnswer>;

/** Unread client messages over the conversations the caller sees (the menu's badge). */
export const inboxUnreadAnswer = z.object({ unread_total: z.number().int() });
