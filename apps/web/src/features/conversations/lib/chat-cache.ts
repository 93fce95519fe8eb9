import type { ConversationMessage, ConversationsList, Page } from '@crm/contract';

/** The infinite query's data: page 1 (the newest) first, each page listed oldest first. */
export type MessagePages = { pages: Page<ConversationMessage>[]; pageParams: unknown[] };

/**
 * The loaded pages as the screen lists them, oldest first. New messages shift the server's pages,
 * so an older page fetched later may repeat messages already shown: each id appears once.
 */
export const flattenMessages = (data: MessagePages | undefined): ConversationMessage[] => {
  if (!data) return [];
  const byId = new Map<number, ConversationMessage>();
  for (const page of data.pages) for (const message of page.data) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
};

/** Adds a new message to the newest page (a no-op when it is there already). */
export const addMessage = (
  data: MessagePages | undefined,
  message: ConversationMessage,
): MessagePages | undefined => {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.data.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages as [Page<ConversationMessage>, ...Page<ConversationMessage>[]];
  return { ...data, pages: [{ ...first, data: [...first.data, message], total: first.total + 1 }, ...rest] };
};

/**
 * The list after a new message: its conversation takes it as the latest and moves to the top;
 * `unread` adds one to its badge (a message of the other side in a conversation not being read).
 * Returns null when the conversation is not in the list (a new one): the list must be fetched.
 */
export const applyMessageToList = (
  list: ConversationsList,
  message: ConversationMessage,
  unread: boolean,
): ConversationsList | null => {
  const found = list.conversations.find((c) => c.id === message.conversation_id);
  if (!found) return null;
  // An older message (a late event) never replaces a newer latest one, nor counts twice.
  if (found.latest_message && found.latest_message.id >= message.id) return list;
  const updated = { ...found, latest_message: message, unread_count: found.unread_count + (unread ? 1 : 0) };
  return {
    ...list,
    unread_total: list.unread_total + (unread ? 1 : 0),
    conversations: [updated, ...list.conversations.filter((c) => c.id !== found.id)],
  };
};

/** The list once a conversation is read: its badge goes, the total is the server's. */
export const applyReadToList = (
  list: ConversationsList,
  conversationId: number,
  unreadTotal: number,
): ConversationsList => ({
  ...list,
  unread_total: unreadTotal,
  conversations: list.conversations.map((c) => (c.id === conversationId ? { ...c, unread_count: 0 } : c)),
});

/** Whether a message comes from the other side of the caller (a manager reads the admins', admins the manager's). */
export const isIncoming = (
  message: ConversationMessage,
  me: { id: number | null; isAdmin: boolean },
): boolean => message.author?.id !== me.id && message.from_admin !== me.isAdmin;
