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

/** One page, newest first, plus one more row to tell whether another page follows. */
export function pageOfHistory(db: Db, f: HistoryFilter) {
  let query = db
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
    .where('h.project_id', '=', f.projectId);
  if (f.managerId !== null) {
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
  return query
    .orderBy('h.id', 'desc')
    .limit(HISTORY_PAGE_SIZE + 1)
    .execute();
}
export type HistoryRow = Awaited<ReturnType<typeof pageOfHistory>>[number];
