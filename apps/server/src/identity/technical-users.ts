import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';

/**
 * The person an API key, a lead form or a Telegram bot acts as: named for the history ('API-ключ
 * «…»', 'Форма «…»', 'Telegram-бот @…'), with no password and an address that can receive no mail (RFC 2606 `.invalid`), in no
 * project's team (docs/decisions.md, "API keys").
 */
export const insertTechnicalUser = (db: Db, name: string, now: string) =>
  db
    .insertInto('users')
    .values({
      name,
      email: `technical-${randomBytes(12).toString('hex')}@integrations.invalid`,
      password_hash: null,
      email_verified_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** A form renamed: its actor's name follows, for what it does from now on. */
export const renameTechnicalUser = (db: Db, userId: number, name: string, now: string) =>
  db.updateTable('users').set({ name, updated_at: now }).where('id', '=', userId).execute();
