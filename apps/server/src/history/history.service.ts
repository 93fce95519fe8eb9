import {
  HISTORY_PAGE_SIZE,
  type HistoryAnswer,
  type HistoryEntry,
  type HistoryQuery,
  endOfDay,
  startOfDay,
} from '@crm/contract';
import { importOfClient } from '../clients/index.js';
import type { AppDeps } from '../deps.js';
import { ownScope, type MemberActor } from '../http/actor.js';
import { pageOfHistory, type HistoryRow } from './history.repository.js';

const json = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

const toEntry = (row: HistoryRow): HistoryEntry => ({
  id: row.id,
  kind: row.kind as HistoryEntry['kind'],
  subject_type: row.subject_type,
  subject_id: row.subject_id,
  client_id: row.client_id,
  actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '' },
  impersonator:
    row.impersonator_id === null ? null : { id: row.impersonator_id, name: row.impersonator_name ?? '' },
  message: row.message,
  before: json(row.before),
  after: json(row.after),
  created_at: row.created_at,
});

/** The cursor names the last entry of a page by its time and id ('…Z~8123'). */
export const cursorAt = (row: HistoryRow) => `${row.created_at}~${row.id}`;
export const cursorOf = (cursor: string) => {
  const [createdAt = '', id = ''] = cursor.split('~');
  return { createdAt, id: Number(id) };
};

/**
 * A page of the project’s history, newest first, walked back by time and id (keyset: a page costs the
 * same at the millionth entry as at the first). Days are the project's.
 */
export async function historyOf(
  deps: AppDeps,
  caller: MemberActor,
  query: HistoryQuery,
): Promise<HistoryAnswer> {
  const clientId = query.client_id === undefined ? undefined : Number(query.client_id);
  const rows = await pageOfHistory(deps.db, deps.dialect, {
    projectId: caller.projectId,
    managerId: ownScope(caller),
    actorId: query.user_id === undefined ? undefined : Number(query.user_id),
    subjectType: query.subject_type,
    clientId,
    // An imported client's history starts with the import's entry ('Импорт: … из clients.xlsx').
    clientImportId:
      clientId === undefined ? undefined : await importOfClient(deps.db, caller.projectId, clientId),
    from: query.from ? startOfDay(query.from, caller.timezone).toISOString() : undefined,
    to: query.to ? endOfDay(query.to, caller.timezone).toISOString() : undefined,
    before: query.before === undefined ? undefined : cursorOf(query.before),
  });
  const page = rows.slice(0, HISTORY_PAGE_SIZE);
  return {
    data: page.map(toEntry),
    next_before: rows.length > HISTORY_PAGE_SIZE ? cursorAt(page[page.length - 1]!) : null,
  };
}
