import { HISTORY_PAGE_SIZE } from '@crm/contract';
import type { Db } from '../db/database.js';

export type HistoryFilter = {
  projectId: number;
  /** A manager's scope: only entries about his clients; null: everything (admins). */
  managerId: number | null;
  actorId?: number | undefined;
  subjectType?: string | undefined;
  clientId?: number | undefined;
  /** ISO bounds: from inclusive, to exclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /** Entries older than this id. */
  beforeId?: number | undefined;
};

/**
 * The ids of one page, newest first, plus one more to tell whether another page follows. A
 * manager's entries are found through his clients on the (client_id, id) index: the ids alone
 * are read and sorted (not whole rows), and the project needs no check of its own, since his
 * clients are the project's.
 */
function pageIds(db: Db, f: HistoryFilter) {
  let query = db.selectFrom('history_events as h').select('h.id');
  if (f.managerId === null) {
    query = query.where('h.project_id', '=', f.projectId);
  } else {
    const managerId = f.managerId;
    query = query.where('h.client_id', 'in', (eb) =>
      eb
        .selectFrom('clients')
        .select('id')
        .where('project_id', '=', f.projectId)
        .where('manager_id', '=', managerId),
    );
  }
  if (f.actorId !== undefined) query = query.where('h.actor_id', '=', f.actorId);
  if (f.subjectType !== undefined) query = query.where('h.subject_type', '=', f.subjectType);
  if (f.clientId !== undefined) query = query.where('h.client_id', '=', f.clientId);
  if (f.from !== undefined) query = query.where('h.created_at', '>=', f.from);
  if (f.to !== undefined) query = query.where('h.created_at', '<', f.to);
  if (f.beforeId !== undefined) query = query.where('h.id', '<', f.beforeId);
  return query.orderBy('h.id', 'desc').limit(HISTORY_PAGE_SIZE + 1);
}

/** One page of entries with their people's names, newest first (see pageIds). */
export function pageOfHistory(db: Db, f: HistoryFilter) {
  return db
    .selectFrom('history_events as h')
    .leftJoin('users as a', 'a.id', 'h.actor_id')
    .leftJoin('users as i', 'i.id', 'h.impersonator_id')
    .select([
      'h.id',
      'h.kind',
      'h.subject_type',
      'h.subject_id',
      'h.client_id',
      'h.actor_id',
      'a.name as actor_name',
      'h.impersonator_id',
      'i.name as impersonator_name',
      'h.message',
      'h.before',
      'h.after',
      'h.created_at',
    ])
    .where('h.id', 'in', pageIds(db, f))
    .orderBy('h.id', 'desc')
    .execute();
}
export type HistoryRow = Awaited<ReturnType<typeof pageOfHistory>>[number];
