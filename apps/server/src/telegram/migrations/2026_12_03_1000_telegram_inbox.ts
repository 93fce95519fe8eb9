import { sql } from 'kysely';
import { type AnyDb, withId } from '../../db/migrations/helpers.js';

/**
 * The inbox: answers kept with their sending state (an outbox), one row per client conversation
 * for the inbox's order and counts, each person's read mark, and a per-bot lease so one instance
 * at a time handles a bot's updates, in order. docs/decisions.md, "Telegram".
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('client_messages').addColumn('status', 'text', (c) => c.notNull().defaultTo('received')).execute();
  await db.schema.alterTable('client_messages').addColumn('error', 'text').execute();
  await db.schema
    .alterTable('client_messages')
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('client_messages').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // An answer due to be sent at this time (sending); claimed by an instance until claimed_until.
  await db.schema.alterTable('client_messages').addColumn('next_attempt_at', 'text').execute();
  await db.schema.alterTable('client_messages').addColumn('claimed_until', 'text').execute();
  // The bot's own messages carry a keyboard: the 'Поделиться номером' button, or its removal.
  await db.schema.alterTable('client_messages').addColumn('keyboard', 'text').execute();
  await sql`create index client_messages_outbox_idx on client_messages (next_attempt_at) where status = 'sending'`.execute(db);

  // One per client with messages: what the inbox lists, newest first, and counts.
  await withId(db, db.schema.createTable('client_threads'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().unique().references('clients.id').onDelete('cascade'))
    .addColumn('last_message_id', 'integer', (c) => c.notNull())
    .addColumn('last_message_at', 'text', (c) => c.notNull())
    // The client's messages so far: a person's unread count is this less what he read.
    .addColumn('incoming_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('client_threads_inbox_idx').on('client_threads').columns(['project_id', 'last_message_id']).execute();

  await db.schema
    .createTable('client_thread_reads')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_thread_reads_pk', ['client_id', 'user_id'])
    .execute();

  await db.schema.alterTable('telegram_bots').addColumn('updates_locked_by', 'text').execute();
  await db.schema.alterTable('telegram_bots').addColumn('updates_locked_until', 'text').execute();
}
