import type { Db } from '../../db/database.js';
import './calls.tables.js';

const callColumns = [
  'k.id',
  'k.client_id',
  'k.outcome',
  'k.duration',
  'k.comment',
  'k.author_id',
  'u.name as author_name',
  'k.called_at',
  'k.created_at',
] as const;

export const findClientCall = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('client_calls as k')
    .innerJoin('users as u', 'u.id', 'k.author_id')
    .select(callColumns)
    .where('k.project_id', '=', projectId)
    .where('k.id', '=', id)
    .executeTakeFirstOrThrow();
export type ClientCallRow = Awaited<ReturnType<typeof findClientCall>>;

export const insertClientCall = (
  db: Db,
  v: {
    projectId: number;
    clientId: number;
    authorId: number;
    outcome: string;
    duration: number;
    comment: string;
    calledAt: string;
    now: string;
  },
) =>
  db
    .insertInto('client_calls')
    .values({
      project_id: v.projectId,
      client_id: v.clientId,
      author_id: v.authorId,
      outcome: v.outcome,
      duration: v.duration,
      comment: v.comment,
      called_at: v.calledAt,
      created_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** A merged client's calls become the survivor's (docs/product.md, "Duplicates"). */
export const moveClientCalls = (db: Db, fromClientId: number, toClientId: number) =>
  db
    .updateTable('client_calls')
    .set({ client_id: toClientId })
    .where('client_id', '=', fromClientId)
    .execute();
