import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { TelegramBotsTable } from './telegram.tables.js';
import './telegram.tables.js';

/**
 * The project's bot row, connected or not: it stays when the bot is disconnected (mode 'off') so
 * its chats, the Telegram ids of the project's clients, outlive a reconnection (docs/decisions.md).
 */
export const findProjectBotRow = (db: Db, projectId: number) =>
  db.selectFrom('telegram_bots').selectAll().where('project_id', '=', projectId).executeTakeFirst();

/** The project's connected bot. */
export const findProjectBot = async (db: Db, projectId: number) => {
  const row = await findProjectBotRow(db, projectId);
  return row && row.mode !== 'off' ? row : undefined;
};

export const findBotByTelegramId = (db: Db, botUserId: string) =>
  db.selectFrom('telegram_bots').selectAll().where('bot_user_id', '=', botUserId).executeTakeFirst();

export type BotRow = NonNullable<Awaited<ReturnType<typeof findProjectBotRow>>>;

export const insertBot = (db: Db, row: Insertable<TelegramBotsTable>) =>
  db.insertInto('telegram_bots').values(row).returning('id').executeTakeFirstOrThrow();

export const updateBot = (db: Db, id: number, row: Updateable<TelegramBotsTable>) =>
  db.updateTable('telegram_bots').set(row).where('id', '=', id).execute();

/**
 * A bot disconnected from another project and connected here: that project's row lets go of the
 * bot's id (the row and its chats stay that project's).
 */
export const releaseBotId = (db: Db, id: number) =>
  db
    .updateTable('telegram_bots')
    .set((eb) => ({ bot_user_id: sql<string>`${'released-' + id + '-'} || ${eb.ref('bot_user_id')}` }))
    .where('id', '=', id)
    .execute();

export const pollingBots = (db: Db) => db.selectFrom('telegram_bots').selectAll().where('mode', '=', 'polling').execute();

/**
 * Takes the bot's updates for this instance until `until` when no live instance holds them: one
 * conditional UPDATE, so a bot's updates are handled by one instance at a time, in order.
 */
export const lockBotUpdates = async (db: Db, botId: number, holder: string, at: string, until: string) =>
  Number(
    (
      await db
        .updateTable('telegram_bots')
        .set({ updates_locked_by: holder, updates_locked_until: until })
        .where('id', '=', botId)
        .where((eb) => eb.or([eb('updates_locked_until', 'is', null), eb('updates_locked_until', '<=', at)]))
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const unlockBotUpdates = (db: Db, botId: number, holder: string) =>
  db
    .updateTable('telegram_bots')
    .set({ updates_locked_by: null, updates_locked_until: null })
    .where('id', '=', botId)
    .where('updates_locked_by', '=', holder)
    .execute();

/** Bots with updates waiting. */
export const botsWithUpdates = async (db: Db) =>
  (await db.selectFrom('telegram_updates').select('bot_id').distinct().where('handled_at', 'is', null).execute()).map((r) => r.bot_id);

export const setPollingOffset = (db: Db, id: number, offset: number) =>
  db.updateTable('telegram_bots').set({ polling_offset: offset }).where('id', '=', id).execute();

/** Keeps updates once per bot (a repeat of an update_id, by webhook or polling, is dropped). */
export async function keepUpdates(db: Db, botId: number, updates: { update_id: number }[], at: string) {
  if (updates.length === 0) return;
  await db
    .insertInto('telegram_updates')
    .values(updates.map((u) => ({ bot_id: botId, update_id: u.update_id, payload: JSON.stringify(u), received_at: at, handled_at: null })))
    .onConflict((oc) => oc.columns(['bot_id', 'update_id']).doNothing())
    .execute();
}

/** A bot's updates not handled yet, oldest first. */
export const waitingUpdates = (db: Db, botId: number, limit: number) =>
  db
    .selectFrom('telegram_updates')
    .select(['id', 'payload'])
    .where('bot_id', '=', botId)
    .where('handled_at', 'is', null)
    .orderBy('update_id')
    .limit(limit)
    .execute();

/** Takes the update for this pass; false when another took it first (it is handled once). */
export const takeUpdate = async (db: Db, id: number, at: string) =>
  Number(
    (
      await db
        .updateTable('telegram_updates')
        .set({ handled_at: at })
        .where('id', '=', id)
        .where('handled_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

/** Gives an update back after a failure: the next pass tries again. */
export const releaseUpdate = (db: Db, id: number) =>
  db.updateTable('telegram_updates').set({ handled_at: null }).where('id', '=', id).execute();

export const findBotById = (db: Db, id: number) =>
  db.selectFrom('telegram_bots').selectAll().where('id', '=', id).executeTakeFirst();

export const findChat = (db: Db, botId: number, telegramUserId: string) =>
  db
    .selectFrom('telegram_chats')
    .selectAll()
    .where('bot_id', '=', botId)
    .where('telegram_user_id', '=', telegramUserId)
    .executeTakeFirst();
export type ChatRow = NonNullable<Awaited<ReturnType<typeof findChat>>>;

export const insertChat = (
  db: Db,
  row: { project_id: number; bot_id: number; client_id: number; telegram_user_id: string; chat_id: string; username: string | null; created_at: string },
) =>
  db
    .insertInto('telegram_chats')
    .values(row)
    .onConflict((oc) => oc.columns(['bot_id', 'telegram_user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();

export const setRotationLast = (db: Db, botId: number, managerId: number) =>
  db.updateTable('telegram_bots').set({ rotation_last: managerId }).where('id', '=', botId).execute();

/** The chat to answer a client in: the one he wrote from last. */
export const latestChatOf = (db: Db, clientId: number) =>
  db.selectFrom('telegram_chats').selectAll().where('client_id', '=', clientId).orderBy('id', 'desc').executeTakeFirst();
