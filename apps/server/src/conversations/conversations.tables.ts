import type { Generated } from 'kysely';

/** A manager's question about a client to the administrators: one per client. */
export interface ConversationsTable {
  id: Generated<number>;
  project_id: number;
  client_id: number;
  /** The manager who asked (the client's manager then); he sees it, as do the admins. */
  manager_id: number;
  last_message_id: number | null;
  last_message_at: string;
  created_at: string;
}

export interface ConversationMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  author_id: number | null;
  /** 1: written by an administrator; 0: by the manager's side. */
  from_admin: number;
  content: string;
  created_at: string;
}

/** How far a person has read a conversation. */
export interface ConversationReadsTable {
  conversation_id: number;
  user_id: number;
  last_read_message_id: number;
}

declare module '../db/schema.js' {
  interface Database {
    conversations: ConversationsTable;
    conversation_messages: ConversationMessagesTable;
    conversation_reads: ConversationReadsTable;
  }
}
