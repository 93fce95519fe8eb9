import type { Db } from '../../db/database.js';
import './notes.tables.js';

const noteColumns = ['n.id', 'n.note', 'n.author_id', 'u.name as author_name', 'n.created_at'] as const;

const notesWithAuthor = (db: Db) =>
  db.selectFrom('client_notes as n').innerJoin('users as u', 'u.id', 'n.author_id');

/** A client's notes, newest first. */
export const listClientNotes = (db: Db, projectId: number, clientId: number) =>
  notesWithAuthor(db)
    .select(noteColumns)
    .where('n.project_id', '=', projectId)
    .where('n.client_id', '=', clientId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();

export const findClientNote = (db: Db, projectId: number, id: number) =>
  notesWithAuthor(db)
    .select(noteColumns)
    .where('n.project_id', '=', projectId)
    .where('n.id', '=', id)
    .executeTakeFirstOrThrow();

export const insertClientNote = (
  db: Db,
  v: { projectId: number; clientId: number; authorId: number; note: string; now: string },
) =>
  db
    .insertInto('client_notes')
    .values({
      project_id: v.projectId,
      client_id: v.clientId,
      author_id: v.authorId,
      note: v.note,
      created_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** A merged client's notes become the survivor's (docs/product.md, "Duplicates"). */
export const moveClientNotes = (db: Db, fromClientId: number, toClientId: number) =>
  db
    .updateTable('client_notes')
    .set({ client_id: toClientId })
    .where('client_id', '=', fromClientId)
    .execute();
