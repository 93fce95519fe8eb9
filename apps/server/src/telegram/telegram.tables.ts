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
  mode: 'webhook' | 'polling';
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
  /** text, a shared contact, or a kind not shown yet (its text says which). */
  kind: 'text' | 'contact' | 'other';
  text: string;
  telegram_message_id: string | null;
  created_at: string;
}

declare module '../db/schema.js' {
  interface Database {
    telegram_bots: TelegramBotsTable;
    telegram_updates: TelegramUpdatesTable;
    telegram_chats: TelegramChatsTable;
    client_messages: ClientMessagesTable;
  }
}
