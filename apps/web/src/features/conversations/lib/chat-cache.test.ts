import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationMessage, ConversationsList, Page } from '@crm/contract';
import { addMessage, applyMessageToList, applyReadToList, flattenMessages, isIncoming } from './chat-cache';

const msg = (id: number, conversation = 1, fromAdmin = false, author = 10): ConversationMessage => ({
  id,
  conversation_id: conversation,
  content: `m${id}`,
  author: { id: author, name: `u${author}` },
  from_admin: fromAdmin,
  created_at: new Date(Date.UTC(2026, 10, 24, 0, id)).toISOString(),
});
const page = (ids: number[], current: number, last: number): Page<ConversationMessage> => ({
  data: ids.map((id) => msg(id)),
  current_page: current,
  last_page: last,
  per_page: 30,
  total: 100,
});
const conversation = (id: number, latest: number | null, unread = 0): Conversation => ({
  id,
  client_id: id,
  client: { id, name: 'Иван', last_name: 'Петров' },
  manager: { id: 10, name: 'Менеджер' },
  latest_message: latest === null ? null : msg(latest, id),
  unread_count: unread,
  created_at: '2026-11-24T00:00:00.000Z',
});

describe('flattenMessages', () => {
  it('lists the loaded pages oldest first, each message once though newer ones shifted the pages', () => {
    // Page 1 was loaded with 71..100; two new messages arrived; page 2 now answers 43..72.
    const data = {
      pages: [page([71, 72, 100, 101, 102], 1, 4), page([43, 44, 71, 72], 2, 4)],
      pageParams: [1, 2],
    };
    expect(flattenMessages(data).map((m) => m.id)).toEqual([43, 44, 71, 72, 100, 101, 102]);
    expect(flattenMessages(undefined)).toEqual([]);
  });
});

describe('addMessage', () => {
  it('adds a new message at the end of the newest page, once', () => {
    const data = { pages: [page([1, 2], 1, 1)], pageParams: [1] };
    const added = addMessage(data, msg(3));
    expect(added?.pages[0]?.data.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(addMessage(added, msg(3))).toBe(added);
    expect(addMessage(undefined, msg(3))).toBeUndefined();
  });
});

describe('applyMessageToList', () => {
  const list: ConversationsList = {
    conversations: [conversation(1, 5), conversation(2, 4, 1), conversation(3, 3)],
    unread_total: 1,
    truncated: false,
  };

  it('moves the conversation to the top with its latest message and counts it unread', () => {
    const next = applyMessageToList(list, msg(9, 3), true);
    expect(next?.conversations.map((c) => c.id)).toEqual([3, 1, 2]);
    expect(next?.conversations[0]?.latest_message?.id).toBe(9);
    expect(next?.conversations[0]?.unread_count).toBe(1);
    expect(next?.unread_total).toBe(2);
  });

  it('does not count a message read as it arrives, nor a late one twice', () => {
    const next = applyMessageToList(list, msg(9, 2), false);
    expect(next?.conversations[0]).toMatchObject({ id: 2, unread_count: 1 });
    expect(next?.unread_total).toBe(1);
    expect(applyMessageToList(list, msg(2, 1), true)).toBe(list);
  });

  it('answers null for a conversation the list does not hold', () => {
    expect(applyMessageToList(list, msg(9, 7), true)).toBeNull();
  });

  it('clears a read conversation and takes the server total', () => {
    const read = applyReadToList(list, 2, 0);
    expect(read.conversations.map((c) => c.unread_count)).toEqual([0, 0, 0]);
    expect(read.unread_total).toBe(0);
  });
});

describe('isIncoming', () => {
  it('is a message of the other side, never one of my own', () => {
    expect(isIncoming(msg(1, 1, true, 2), { id: 10, isAdmin: false })).toBe(true);
    expect(isIncoming(msg(1, 1, false, 10), { id: 10, isAdmin: false })).toBe(false);
    expect(isIncoming(msg(1, 1, false, 10), { id: 2, isAdmin: true })).toBe(true);
    expect(isIncoming(msg(1, 1, true, 3), { id: 2, isAdmin: true })).toBe(false);
  });
});
