import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { TelegramBotsTable } from './telegram.tables.js';
import './telegram.tables.js';

export const findProjectBot = (db: Db, projectId: number) =>
  db.selectFrom('telegram_bots').selectAll().where('project_id', '=', projectId).executeTakeFirst();

export const findBotByTelegramId = (db: Db, botUserId: string) =>
  db.selectFrom('telegram_bots').selectAll().where('bot_user_id', '=', botUserId).executeTakeFirst();

export type BotRow = NonNullable<Awaited<ReturnType<typeof findProjectBot>>>;

export const insertBot = (db: Db, row: Insertable<TelegramBotsTable>) =>
  db.insertInto('telegram_bots').values(row).returning('id').executeTakeFirstOrThrow();

export const deleteBot = (db: Db, id: number) => db.deleteFrom('telegram_bots').where('id', '=', id).execute();

export const pollingBots = (db: Db) => db.selectFrom('telegram_bots').selectAll().where('mode', '=', 'polling').execute();

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

/** Updates not handled yet, oldest first per bot, with their bot. */
export const waitingUpdates = (db: Db, limit: number) =>
  db
    .selectFrom('telegram_updates as u')
    .innerJoin('telegram_bots as b', 'b.id', 'u.bot_id')
    .select(['u.id', 'u.payload', 'b.id as bot_id'])
    .where('u.handled_at', 'is', null)
    .orderBy('u.bot_id')
    .orderBy('u.update_id')
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

export const insertClientMessage = (
  db: Db,
  row: {
    project_id: number;
    client_id: number;
    chat_id: number;
    direction: 'in' | 'out';
    kind: 'text' | 'contact' | 'other';
    text: string;
    telegram_message_id: string | null;
    created_at: string;
  },
) => db.insertInto('client_messages').values(row).returning('id').executeTakeFirstOrThrow();

export const setRotationLast = (db: Db, botId: number, managerId: number) =>
  db.updateTable('telegram_bots').set({ rotation_last: managerId }).where('id', '=', botId).execute();

/** A merge: the merged client's chats and messages become the survivor's. */
export async function moveClientChats(db: Db, fromClientId: number, toClientId: number) {
  await db.updateTable('telegram_chats').set({ client_id: toClientId }).where('client_id', '=', fromClientId).execute();
  await db.updateTable('client_messages').set({ client_id: toClientId }).where('client_id', '=', fromClientId).execute();
}
