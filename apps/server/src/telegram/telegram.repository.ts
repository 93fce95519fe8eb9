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
