import type { Db } from '../../db/database.js';
import '../telegram.tables.js';
import { abandonedOutboxRows, claimOutboxRow, failOutboxRow, firstOfRecipient, retryOutboxRowAt } from '../outbox/outbox-rows.repository.js';

// ---- the one-time codes ------------------------------------------------------------------------

/** A member's new code; his older ones go (one link works at a time). */
export async function replaceCode(
  db: Db,
  row: { project_id: number; user_id: number; code_hash: string; created_at: string; expires_at: string },
) {
  await db
    .deleteFrom('telegram_link_codes')
    .where('project_id', '=', row.project_id)
    .where('user_id', '=', row.user_id)
    .execute();
  await db
    .insertInto('telegram_link_codes')
    .values({ ...row, used_at: null })
    .execute();
}

/**
 * Uses the code: one conditional UPDATE, so a code links once however many times it arrives; the
 * member it was made for, or undefined (unknown, used, expired, another project's bot).
 */
export const useCode = (db: Db, codeHash: string, projectId: number, at: string) =>
  db
    .updateTable('telegram_link_codes')
    .set({ used_at: at })
    .where('code_hash', '=', codeHash)
    .where('project_id', '=', projectId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['project_id', 'user_id'])
    .executeTakeFirst();

// ---- the links ---------------------------------------------------------------------------------

export const findLink = (db: Db, projectId: number, userId: number) =>
  db
    .selectFrom('telegram_member_links')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** The member's chat with the bot; a new chat replaces his former one. */
export const saveLink = (
  db: Db,
  row: {
    project_id: number;
    user_id: number;
    bot_user_id: string;
    telegram_user_id: string;
    chat_id: string;
    username: string | null;
    linked_at: string;
  },
) =>
  db
    .insertInto('telegram_member_links')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['project_id', 'user_id']).doUpdateSet({
        bot_user_id: row.bot_user_id,
        telegram_user_id: row.telegram_user_id,
        chat_id: row.chat_id,
        username: row.username,
        linked_at: row.linked_at,
      }),
    )
    .execute();

/** Removes the member's link (what was still waiting for it goes too); the link removed, if any. */
export const deleteLink = (db: Db, projectId: number, userId: number) =>
  db
    .deleteFrom('telegram_member_links')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .returning(['id', 'username'])
    .executeTakeFirst();

export const deleteLinkById = (db: Db, id: number) =>
  db
    .deleteFrom('telegram_member_links')
    .where('id', '=', id)
    .returning(['project_id', 'user_id', 'username'])
    .executeTakeFirst();

/** A member leaving the project takes his link and codes with him. */
export async function forgetMember(db: Db, projectId: number, userId: number) {
  await deleteLink(db, projectId, userId);
  await db
    .deleteFrom('telegram_link_codes')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();
}

/** Whether this Telegram user is a member linked through this bot in the project. */
export const isLinkedSender = async (db: Db, projectId: number, botUserId: string, telegramUserId: string) =>
  (await db
    .selectFrom('telegram_member_links')
    .select('id')
    .where('project_id', '=', projectId)
    .where('bot_user_id', '=', botUserId)
    .where('telegram_user_id', '=', telegramUserId)
    .executeTakeFirst()) !== undefined;

/** The project's links made with its connected bot (another bot's chats cannot be written to). */
export const activeLinks = (db: Db, projectId: number) =>
  db
    .selectFrom('telegram_member_links as l')
    .innerJoin('telegram_bots as b', (j) =>
      j.onRef('b.project_id', '=', 'l.project_id').onRef('b.bot_user_id', '=', 'l.bot_user_id'),
    )
    .select(['l.id', 'l.user_id', 'l.username', 'l.linked_at'])
    .where('l.project_id', '=', projectId)
    .where('b.mode', '!=', 'off')
    .orderBy('l.id')
    .execute();

/** The active links of these people in these projects (a notice's recipients). */
export const activeLinksOf = (db: Db, projectIds: number[], userIds: number[]) =>
  db
    .selectFrom('telegram_member_links as l')
    .innerJoin('telegram_bots as b', (j) =>
      j.onRef('b.project_id', '=', 'l.project_id').onRef('b.bot_user_id', '=', 'l.bot_user_id'),
    )
    .select(['l.id', 'l.project_id', 'l.user_id'])
    .where('l.project_id', 'in', projectIds)
    .where('l.user_id', 'in', userIds)
    .where('b.mode', '!=', 'off')
    .execute();

// ---- the notices (an outbox) -------------------------------------------------------------------

/** Rows per INSERT (6 values a row). */
const CHUNK = 500;

export async function queueNotices(
  db: Db,
  rows: { project_id: number; link_id: number; text: string }[],
  at: string,
) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('telegram_notices')
      .values(
        rows
          .slice(i, i + CHUNK)
          .map((r) => ({
            ...r,
            status: 'sending' as const,
            error: null,
            next_attempt_at: at,
            claimed_until: null,
            created_at: at,
          })),
      )
      .execute();
  }
}

/**
 * Notices due now, oldest first, each the oldest unsent of its link (a member's notices arrive in
 * order; one waiting for Telegram's rate limit holds the next), with where they go.
 */
export const dueNotices = (db: Db, at: string, limit: number) =>
  db
    .selectFrom('telegram_notices as n')
    .innerJoin('telegram_member_links as l', 'l.id', 'n.link_id')
    .select([
      'n.id',
      'n.project_id',
      'n.text',
      'n.attempts',
      'l.id as link_id',
      'l.user_id',
      'l.chat_id',
      'l.bot_user_id',
      'l.username',
    ])
    .where('n.status', '=', 'sending')
    .where('n.next_attempt_at', '<=', at)
    .where('n.claimed_until', 'is', null)
    .where(firstOfRecipient('telegram_notices', 'link_id', 'n'))
    .orderBy('n.id')
    .limit(limit)
    .execute();
export type DueNotice = Awaited<ReturnType<typeof dueNotices>>[number];

/** Claims the notice for one attempt: false when another pass took it first. */
export const claimNotice = (db: Db, id: number, until: string) => claimOutboxRow(db, 'telegram_notices', id, until);

/** Delivered: nothing of it is kept. */
export const noticeSent = (db: Db, id: number) =>
  db.deleteFrom('telegram_notices').where('id', '=', id).execute();

export const noticeFailed = (db: Db, id: number, error: string) => failOutboxRow(db, 'telegram_notices', id, error);

export const noticeRetryAt = (db: Db, id: number, at: string, error: string) =>
  retryOutboxRowAt(db, 'telegram_notices', id, at, error);

/** Notices whose attempt outlived its claim: whether Telegram got them is unknown, so they fail (never twice). */
export const abandonedNotices = (db: Db, at: string) => abandonedOutboxRows(db, 'telegram_notices', at);
