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

declare module '../db/schema.js' {
  interface Database {
    telegram_bots: TelegramBotsTable;
    telegram_updates: TelegramUpdatesTable;
  }
}
