import type { Db } from '../../db/database.js';
import type { ClientMessageFilesTable } from '../telegram.tables.js';
import '../telegram.tables.js';

export type NewFile = Pick<ClientMessageFilesTable, 'message_id' | 'project_id' | 'telegram_file_id' | 'name' | 'mime' | 'size' | 'status'>;

/** A client's file to fetch ('waiting'), or an answer's already kept under `path` ('stored'). */
export const insertFile = (db: Db, row: NewFile, at: string, path: string | null = null) =>
  db
    .insertInto('client_message_files')
    .values({ ...row, path, next_attempt_at: row.status === 'waiting' ? at : null })
    .execute();

/** Files due to be fetched, oldest first. */
export const dueFiles = (db: Db, at: string, limit: number) =>
  db
    .selectFrom('client_message_files')
    .selectAll()
    .where('status', '=', 'waiting')
    .where('next_attempt_at', '<=', at)
    .orderBy('message_id')
    .limit(limit)
    .execute();
export type FileRow = Awaited<ReturnType<typeof dueFiles>>[number];

/** Takes the file for one attempt until `until`: false when another instance took it first. */
export const claimFile = async (db: Db, row: FileRow, until: string) =>
  Number(
    (
      await db
        .updateTable('client_message_files')
        .set({ next_attempt_at: until, attempts: row.attempts + 1 })
        .where('message_id', '=', row.message_id)
        .where('status', '=', 'waiting')
        .where('next_attempt_at', '=', row.next_attempt_at)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

export const settleFile = (
  db: Db,
  messageId: number,
  change: { status: 'stored'; path: string; size: number } | { status: 'too_big' | 'failed' } | { status: 'waiting'; next_attempt_at: string },
) => db.updateTable('client_message_files').set(change).where('message_id', '=', messageId).execute();

export const findFile = (db: Db, messageId: number) =>
  db.selectFrom('client_message_files').selectAll().where('message_id', '=', messageId).executeTakeFirst();
