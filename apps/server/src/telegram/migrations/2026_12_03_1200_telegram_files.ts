import type { AnyDb } from '../../db/migrations/helpers.js';

/**
 * A photo or document a client sent: Telegram's file id, what it is, and where it is kept once
 * fetched (a file in TELEGRAM_FILES_DIR), or why not. docs/decisions.md, "Telegram".
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('client_message_files')
    .addColumn('message_id', 'integer', (c) => c.primaryKey().references('client_messages.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('telegram_file_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text')
    .addColumn('size', 'bigint')
    // waiting (to fetch), stored, too_big, failed.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .execute();
  await db.schema.createIndex('client_message_files_waiting_idx').on('client_message_files').columns(['status', 'next_attempt_at']).execute();
}
