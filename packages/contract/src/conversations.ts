import { z } from 'zod';
import {
  bodyId,
  idSchema,
  isoDateTime,
  page,
  pageQuery,
  requiredString,
  REQUIRED,
  tooLong,
} from './common.js';

// ---- conversations: a manager's questions about a client to the administrators (docs/product.md §4.13)

/** A message longer than this is refused with 422 (they are plain text, never HTML). */
export const MESSAGE_MAX = 4000;
/** Messages per page: page 1 is the newest, each page listed oldest first. */
export const MESSAGES_PER_PAGE = 30;
/** The list answers the conversations with the latest messages, at most this many. */
export const CONVERSATIONS_LIST_MAX = 200;

export const CONVERSATION_NOT_FOUND = 'Диалог не найден';
export const CLIENT_NOT_FOUND_FOR_QUESTION = 'Клиент не найден';
/** The success message (docs/product.md §8.4) after a manager's question. */
export const QUESTION_SENT =
  'Ваш вопрос отправлен администратору, ответ вы можете посмотреть в разделе “Чат”!';

export const messageContent = requiredString('multi')
  .trim()
  .min(1, REQUIRED)
  .max(MESSAGE_MAX, tooLong(MESSAGE_MAX));

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const conversationMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  /** Plain text; pages show it as text, never as HTML. */
  content: z.string(),
  /** Who wrote it; null once his account is gone. */
  author: personSchema.nullable(),
  /** The author's side: the manager who asked, or an administrator. */
  from_admin: z.boolean(),
  created_at: isoDateTime,
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  client: z.object({ id: z.number().int(), name: z.string(), last_name: z.string() }),
  /** The manager who asked (the client's manager at the time). */
  manager: personSchema,
  latest_message: conversationMessageSchema.nullable(),
  /** Messages of the other side the caller has not read. */
  unread_count: z.number().int(),
  created_at: isoDateTime,
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsList = z.object({
  /** Ordered by the latest message, newest first. */
  conversations: z.array(conversationSchema),
  /** Unread messages over all the caller's conversations (the menu's badge). */
  unread_total: z.number().int(),
  /** More than CONVERSATIONS_LIST_MAX conversations: the oldest are left out. */
  truncated: z.boolean(),
});
export type ConversationsList = z.infer<typeof conversationsList>;

export const conversationParams = z.object({ projectId: idSchema, id: idSchema });

/** A question about a client: opens the client's conversation, or adds to it when it exists. */
export const conversationCreateBody = z.object({
  client_id: bodyId(CLIENT_NOT_FOUND_FOR_QUESTION),
  content: messageContent,
});
export type ConversationCreateBody = z.input<typeof conversationCreateBody>;

export const conversationMessageBody = z.object({ content: messageContent });
export type ConversationMessageBody = z.input<typeof conversationMessageBody>;

export const conversationMessagesQuery = pageQuery;
export const conversationMessagesAnswer = z.object({ messages: page(conversationMessageSchema) });
export type ConversationMessagesAnswer = z.infer<typeof conversationMessagesAnswer>;

export const conversationReadAnswer = z.object({ unread_total: z.number().int() });
