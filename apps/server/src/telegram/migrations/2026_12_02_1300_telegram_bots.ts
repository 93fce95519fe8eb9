import { sql } from 'kysely';
import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/**
 * A project's Telegram bot (one per project, a bot in one project only), its token sealed with
 * SECRETS_KEY, and every update it received, once by (bot, update_id) whichever way it came
 * (webhook or polling). docs/decisions.md, "Telegram".
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('telegram_bots'))
    .addColumn('project_id', 'integer', (c) => c.notNull().unique().references('projects.id').onDelete('cascade'))
    // Telegram's ids pass 2^31: kept as text.
    .addColumn('bot_user_id', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('webhook_secret', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('polling_offset', 'bigint', (c) => c.notNull().defaultTo(0))
    // Who a new client of the bot is: its technical user acts, in this stage, with this manager.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('manager_rule', 'text', (c) => c.notNull())
    .addColumn('manager_id', 'integer')
    .addColumn('rotation_last', 'integer')
    .addColumn('connected_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('connected_at', 'text', (c) => c.notNull())
    .execute();

  // A Telegram user writing to the bot, and the client he is.
  await withId(db, db.schema.createTable('telegram_chats'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('telegram_bots.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('telegram_user_id', 'text', (c) => c.notNull())
    .addColumn('chat_id', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('telegram_chats_user_idx').on('telegram_chats').columns(['bot_id', 'telegram_user_id']).unique().execute();
  await db.schema.createIndex('telegram_chats_client_idx').on('telegram_chats').column('client_id').execute();

  // The client's conversation: what he wrote to the bot, and the team's answers.
  await withId(db, db.schema.createTable('client_messages'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('chat_id', 'integer', (c) => c.references('telegram_chats.id').onDelete('set null'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('telegram_message_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('client_messages_client_idx').on('client_messages').columns(['client_id', 'id']).execute();

  await withId(db, db.schema.createTable('telegram_updates'))
    .addColumn('bot_id', 'integer', (c) => c.notNull().references('telegram_bots.id').onDelete('cascade'))
    .addColumn('update_id', 'bigint', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text')
    .execute();
  await db.schema.createIndex('telegram_updates_once_idx').on('telegram_updates').columns(['bot_id', 'update_id']).unique().execute();
  // The updates still to handle, in order per bot.
  await sql`create index telegram_updates_waiting_idx on telegram_updates (bot_id, update_id) where handled_at is null`.execute(db);
}
