import type { Generated } from 'kysely';

export interface TelegramBotsTable {
  id: Generated<number>;
  project_id: number;
  bot_user_id: string;
  username: string;
  name: string;
  /** secret-box sealed: never answered, logged or recorded. */
  token_sealed: string;
  /** What Telegram sends back in X-Telegram-Bot-Api-Secret-Token. */
  webhook_secret: string;
  /** off: disconnected (the row stays with the project's chats). */
  mode: 'webhook' | 'polling' | 'off';
  /** Polling: the next update_id to ask for. */
  polling_offset: Generated<number | string>;
  /** The bot's technical user: the actor of the clients it makes. */
  user_id: number;
  category_id: number;
  manager_rule: 'one' | 'rotation';
  manager_id: number | null;
  rotation_last: number | null;
  connected_by: number | null;
  connected_at: string;
  /** The instance handling the bot's updates now (one at a time, so in order), and until when. */
  updates_locked_by: string | null;
  updates_locked_until: string | null;
}

export interface TelegramUpdatesTable {
  id: Generated<number>;
  bot_id: number;
  update_id: number | string;
  payload: string;
  received_at: string;
  handled_at: string | null;
}

export interface TelegramChatsTable {
  id: Generated<number>;
  project_id: number;
  bot_id: number;
  client_id: number;
  telegram_user_id: string;
  chat_id: string;
  username: string | null;
  created_at: string;
}

export interface ClientMessagesTable {
  id: Generated<number>;
  project_id: number;
  client_id: number;
  chat_id: number | null;
  direction: 'in' | 'out';
  /** text, a shared contact, a photo or a file (named in text), or a kind not shown yet. */
  kind: 'text' | 'contact' | 'photo' | 'document' | 'other';
  text: string;
  telegram_message_id: string | null;
  created_at: string;
  /** received (in); sending, sent or failed (out). */
  status: Generated<'received' | 'sending' | 'sent' | 'failed'>;
  error: string | null;
  author_id: number | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_until: string | null;
  keyboard: 'ask_contact' | 'remove' | null;
  /** An answer's photo or file caption, sent alone (text shows 'Фото: …'); null otherwise. */
  caption: string | null;
}

export interface ClientThreadsTable {
  id: Generated<number>;
  project_id: number;
  client_id: number;
  last_message_id: number;
  last_message_at: string;
  incoming_count: Generated<number>;
}

export interface ClientMessageFilesTable {
  message_id: number;
  project_id: number;
  /** The client's file's id; an answer's is '' until Telegram took it, then the id it gave. */
  telegram_file_id: string;
  name: string;
  mime: string | null;
  size: number | string | null;
  status: 'waiting' | 'stored' | 'too_big' | 'failed';
  /** Its key in the file store (deps.files), once stored. */
  path: string | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
}

export interface ClientThreadReadsTable {
  client_id: number;
  user_id: number;
  read_count: number;
}

/** A one-time code of a member's deep link (docs/decisions.md, "Telegram": managers in Telegram). */
export interface TelegramLinkCodesTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  /** sha256 (hex) of the code. */
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A member's own Telegram chat with the project's bot, where his notices go. */
export interface TelegramMemberLinksTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  bot_user_id: string;
  telegram_user_id: string;
  chat_id: string;
  username: string | null;
  linked_at: string;
}

/** A notice waiting to go to a linked member's chat (an outbox: sent at most once). */
export interface TelegramNoticesTable {
  id: Generated<number>;
  project_id: number;
  link_id: number;
  text: string;
  status: 'sending' | 'sent' | 'failed';
  error: string | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_until: string | null;
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    telegram_bots: TelegramBotsTable;
    telegram_updates: TelegramUpdatesTable;
    telegram_chats: TelegramChatsTable;
    client_messages: ClientMessagesTable;
    client_threads: ClientThreadsTable;
    client_thread_reads: ClientThreadReadsTable;
    client_message_files: ClientMessageFilesTable;
    telegram_link_codes: TelegramLinkCodesTable;
    telegram_member_links: TelegramMemberLinksTable;
    telegram_notices: TelegramNoticesTable;
  }
}
