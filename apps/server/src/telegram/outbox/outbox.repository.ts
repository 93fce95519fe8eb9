import type { Db } from '../../db/database.js';
import '../telegram.tables.js';
import { abandonedOutboxRows, claimOutboxRow, failOutboxRow, firstOfRecipient, retryOutboxRowAt } from './outbox-rows.repository.js';

/**
 * Answers due now, oldest first, each the oldest unsent of its client (so a client's answers
 * arrive in the order written, and one waiting for Telegram's rate limit holds the next), with
 * what sending needs.
 */
export const dueMessages = (db: Db, at: string, limit: number) =>
  db
    .selectFrom('client_messages as m')
    .innerJoin('telegram_chats as chat', 'chat.id', 'm.chat_id')
    .leftJoin('client_message_files as f', 'f.message_id', 'm.id')
    .select(['m.id', 'm.project_id', 'm.client_id', 'm.kind', 'm.text', 'm.caption', 'm.keyboard', 'm.attempts', 'chat.chat_id', 'chat.bot_id'])
    .select(['f.path as file_path', 'f.name as file_name'])
    .where('m.status', '=', 'sending')
    .where('m.next_attempt_at', '<=', at)
    .where('m.claimed_until', 'is', null)
    .where(firstOfRecipient('client_messages', 'client_id', 'm'))
    .orderBy('m.id')
    .limit(limit)
    .execute();
export type DueMessage = Awaited<ReturnType<typeof dueMessages>>[number];

/** Claims the answer for one attempt: false when another instance took it first. */
export const claimMessage = (db: Db, id: number, until: string) => claimOutboxRow(db, 'client_messages', id, until);

export async function markSent(db: Db, id: number, sent: { messageId: string; fileId: string | null }) {
  await db
    .updateTable('client_messages')
    .set({ status: 'sent', telegram_message_id: sent.messageId, error: null, claimed_until: null, next_attempt_at: null })
    .where('id', '=', id)
    .execute();
  if (sent.fileId) await db.updateTable('client_message_files').set({ telegram_file_id: sent.fileId }).where('message_id', '=', id).execute();
}

export const markFailed = (db: Db, id: number, error: string) => failOutboxRow(db, 'client_messages', id, error);

/** Not sent, known so: tried again at `at`, with why it waits. */
export const retryAt = (db: Db, id: number, at: string, error: string) => retryOutboxRowAt(db, 'client_messages', id, at, error);

/** A failed answer queued again by a person. */
export const queueAgain = (db: Db, id: number, at: string) =>
  db
    .updateTable('client_messages')
    .set({ status: 'sending', error: null, claimed_until: null, next_attempt_at: at })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .execute();

/**
 * Answers whose attempt outlived its claim: the instance sending them stopped mid-way, so whether
 * Telegram got them is unknown. They are failed, never sent again by themselves (never twice).
 */
export const abandonedMessages = (db: Db, at: string) => abandonedOutboxRows(db, 'client_messages', at);
