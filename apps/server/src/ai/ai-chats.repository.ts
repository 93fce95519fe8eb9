import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import './ai.tables.js';
import type { AiChatAnswersTable, AiChatMessagesTable, AiChatsTable } from './ai.tables.js';

/** A person's chats in a project, the last active first (or only these ids). */
export const listChatRows = (db: Db, projectId: number, userId: number, ids?: number[]) => {
  let q = db
    .selectFrom('ai_chats')
    .select(['id', 'prompt_id', 'title', 'system_prompt', 'created_at', 'updated_at'])
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId);
  if (ids) q = q.where('id', 'in', ids);
  return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
};
export type ChatRow = Awaited<ReturnType<typeof listChatRows>>[number];

export const listAnswerRows = (db: Db, chatIds: number[]) =>
  chatIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('ai_chat_answers')
        .select(['chat_id', 'question_id', 'question', 'answer'])
        .where('chat_id', 'in', chatIds)
        .orderBy('chat_id')
        .orderBy('position')
        .execute();
export type AnswerRow = Awaited<ReturnType<typeof listAnswerRows>>[number];

export const insertChat = (db: Db, row: Insertable<AiChatsTable>) =>
  db.insertInto('ai_chats').values(row).returning('id').executeTakeFirstOrThrow();

export const insertAnswers = (db: Db, rows: Insertable<AiChatAnswersTable>[]) =>
  rows.length === 0
    ? Promise.resolve()
    : db
        .insertInto('ai_chat_answers')
        .values(rows)
        .execute()
        .then(() => {});

export const touchChat = (db: Db, id: number, at: string) =>
  db.updateTable('ai_chats').set({ updated_at: at }).where('id', '=', id).execute();

const messageColumns = ['id', 'role', 'content', 'status', 'created_at'] as const;

/** A chat's messages, oldest first. */
export const listMessageRows = (db: Db, chatId: number) =>
  db
    .selectFrom('ai_chat_messages')
    .select(messageColumns)
    .where('chat_id', '=', chatId)
    .orderBy('id')
    .execute();

export const insertMessage = (db: Db, row: Insertable<AiChatMessagesTable>) =>
  db.insertInto('ai_chat_messages').values(row).returning(messageColumns).executeTakeFirstOrThrow();
