import { sql } from 'kysely';
import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/**
 * Members' own Telegram (docs/decisions.md, "Telegram", managers in Telegram): the one-time codes
 * of the deep links (kept hashed), who is linked to which chat of the project's bot, and the
 * notices waiting to be sent there (an outbox, each sent at most once).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('telegram_link_codes'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // sha256 of the code: the code itself is only in the link the member opens.
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('telegram_link_codes_member_idx')
    .on('telegram_link_codes')
    .columns(['project_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('telegram_member_links'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The Telegram bot it was made with: another bot connected later cannot write to this chat.
    .addColumn('bot_user_id', 'text', (c) => c.notNull())
    .addColumn('telegram_user_id', 'text', (c) => c.notNull())
    .addColumn('chat_id', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    .addColumn('linked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('telegram_member_links_member_idx')
    .on('telegram_member_links')
    .columns(['project_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('telegram_member_links_sender_idx')
    .on('telegram_member_links')
    .columns(['bot_user_id', 'telegram_user_id'])
    .execute();

  await withId(db, db.schema.createTable('telegram_notices'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // Unlinking drops what was still waiting.
    .addColumn('link_id', 'integer', (c) =>
      c.notNull().references('telegram_member_links.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', (c) => c.notNull())
    // sending, sent or failed.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index telegram_notices_due_idx on telegram_notices (next_attempt_at) where status = 'sending'`.execute(
    db,
  );
  await db.schema
    .createIndex('telegram_notices_link_idx')
    .on('telegram_notices')
    .columns(['link_id', 'id'])
    .execute();
}
