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
    .addColumn('connected_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('connected_at', 'text', (c) => c.notNull())
    .execute();

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
