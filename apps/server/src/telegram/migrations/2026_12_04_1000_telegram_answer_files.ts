import type { AnyDb } from '../../db/migrations/helpers.js';

/**
 * An answer may carry a photo or a file: its caption is kept apart from the text the page shows
 * ('Фото: …'), since Telegram is sent the caption alone. docs/decisions.md, "Telegram".
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('client_messages').addColumn('caption', 'text').execute();
}
