import { TIMELINE_PAGE_SIZE, type ClientPage, type ClientPageField, type TimelinePage } from '@crm/contract';
import { findClueOf, formFieldsById, getClient, importOfClient, listCategories } from '../clients/index.js';
import { messagesByIds } from '../conversations/index.js';
import type { AppDeps } from '../deps.js';
import type { MemberActor } from '../http/actor.js';
import { remindersByIds } from '../reminders/index.js';
import { pageOfHistory, type HistoryRow } from './history.repository.js';
import { cursorAt, cursorOf } from './history.service.js';
import { idsToLookUp, timelineDetails, valueText, type TimelineLookups } from './timeline-details.js';

/**
 * Kinds the timeline leaves out: a select's change is in the edit's own entry (old → new), and a
 * conversation's opening in its first message's.
 */
const TOLD_ELSEWHERE = ['client_form_field_changed', 'conversation.created'] as const;

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

type Known = Pick<TimelineLookups, 'stages' | 'form'>;

/**
 * One page of a client's timeline: his history entries (with his import's), newest first, walked
 * back by a cursor (keyset, docs/architecture.md), each with its typed details. The client is
 * already known to be the caller's to read.
 */
async function timelinePage(
  deps: AppDeps,
  projectId: number,
  clientId: number,
  known: Promise<Known>,
  before: string | undefined,
): Promise<TimelinePage> {
  const rows = await pageOfHistory(deps.db, deps.dialect, {
    projectId,
    // The caller's reach is checked beside this read, and nothing is answered without it.
    managerId: null,
    clientId,
    clientImportId: await importOfClient(deps.db, projectId, clientId),
    exceptKinds: TOLD_ELSEWHERE,
    before: before === undefined ? undefined : cursorOf(before),
  });
  const page = rows.slice(0, TIMELINE_PAGE_SIZE);
  const ids = idsToLookUp(page);
  const [reminders, messages, stagesAndForm] = await Promise.all([
    remindersByIds(deps.db, projectId, ids.reminders),
    messagesByIds(deps.db, ids.messages),
    known,
  ]);
  const lookups: TimelineLookups = {
    ...stagesAndForm,
    reminders: new Map(reminders.map((r) => [r.id, r])),
    messages: new Map(messages.map((m) => [m.id, m])),
  };
  return {
    data: page.map((row: HistoryRow) => ({
      id: row.id,
      kind: row.kind as ClientPage['timeline']['data'][number]['kind'],
      actor: person(row.actor_id, row.actor_name),
      impersonator: person(row.impersonator_id, row.impersonator_name),
      created_at: row.created_at,
      message: row.message,
      details: timelineDetails(row, lookups),
    })),
    next_before: rows.length > TIMELINE_PAGE_SIZE ? cursorAt(page[page.length - 1]!) : null,
  };
}

async function knownOf(deps: AppDeps, projectId: number): Promise<Known> {
  const [categories, form] = await Promise.all([
    listCategories(deps.db, projectId),
    formFieldsById(deps.db, projectId),
  ]);
  return { stages: new Map(categories.map((c) => [c.id, { name: c.name, color: c.color }])), form };
}

/**
 * The client's page (docs/product.md §4.8, "The client's page"): the client, his stage with its
 * colour and hint, every form field with his value, and the first page of his timeline. A removed
 * client, another project's or (for a manager) another manager's is the same 404.
 */
export async function clientPageOf(
  deps: AppDeps,
  caller: MemberActor,
  clientId: number,
): Promise<ClientPage> {
  // Every read at once (on PostgreSQL each on its own connection): the client's, which refuses
  // another manager's or a missing client, and the rest, which nothing is answered without.
  const known = knownOf(deps, caller.projectId);
  const seen = getClient(deps, caller, clientId);
  const [client, clue, timeline, { stages, form }] = await Promise.all([
    seen,
    seen.then((c) => findClueOf(deps.db, caller.projectId, 'client_category', c.category_id)),
    timelinePage(deps, caller.projectId, clientId, known, undefined),
    known,
  ]);
  const stage = stages.get(client.category_id);
  const values = new Map(client.fields.map((v) => [v.field_id, v.value]));
  const fields: ClientPageField[] = [...form.values()].map((field) => {
    const value = values.get(field.id) ?? '';
    return { field_id: field.id, name: field.name, type: field.type, value, text: valueText(field, value) };
  });
  return {
    client,
    stage: {
      id: client.category_id,
      name: stage?.name ?? '',
      color: stage?.color ?? '',
      clue: clue && clue.clue !== '' ? clue.clue : null,
    },
    fields,
    timeline,
  };
}

/** An older page of the client's timeline (`before`: the previous page's `next_before`). */
export async function clientTimelineOf(
  deps: AppDeps,
  caller: MemberActor,
  clientId: number,
  before: string | undefined,
): Promise<TimelinePage> {
  const [, timeline] = await Promise.all([
    getClient(deps, caller, clientId),
    timelinePage(deps, caller.projectId, clientId, knownOf(deps, caller.projectId), before),
  ]);
  return timeline;
}
