import {
  SCENARIO_EVENT_LABELS,
  SCENARIO_EVENT_LOCKED,
  SCENARIO_EVENT_NOT_FOUND,
  SCENARIO_NOT_FOUND,
  SCENARIO_ORDER_GROUP,
  SCENARIO_POST_NOT_FOUND,
  type BodyOf,
  type Scenario,
  type ScenarioEvents,
  type ScenarioEventType,
  type scenariosEndpoints,
} from '@crm/contract';
import type { Db } from '../db/database.js';
import { transaction } from '../db/transaction.js';
import type { AppDeps, Tx } from '../deps.js';
import type { Actor } from '../http/actor.js';
import { invalidField, notFound } from '../http/app-error.js';
import { pipelineEvents } from '../clients/index.js';
import { eventIndex, findEvent, type EventIndex } from './scenario-events.js';
import {
  eventColumn,
  existingPostIds,
  insertScenario,
  listGroup,
  listScenarioPosts,
  listScenarios,
  replaceScenarioPosts,
  updateScenarioRow,
  type ScenarioRow,
} from './scenarios.repository.js';

type Api = typeof scenariosEndpoints;

const eventOf = (row: ScenarioRow, index: EventIndex) =>
  row.event_type === 'client_category_changed'
    ? index.categories.get(row.category_id ?? 0)
    : index.options.get(row.option_id ?? 0);

const toScenario = (
  row: ScenarioRow,
  posts: { template_id: number; id: number; title: string; content: string }[],
  index: EventIndex,
): Scenario => {
  const isCategory = row.event_type === 'client_category_changed';
  const eventId = (isCategory ? row.category_id : row.option_id) ?? 0;
  const option = isCategory ? undefined : index.options.get(eventId);
  return {
    id: row.id,
    title: row.title,
    event_type: row.event_type,
    event_id: eventId,
    event: {
      id: eventId,
      name: eventOf(row, index)?.name ?? '',
      select_field: option ? option.field : null,
    },
    description: row.description,
    schedule_for: row.schedule_for,
    remind_before: row.remind_before,
    tasks: JSON.parse(row.tasks) as string[],
    knowledge_base_posts: posts
      .filter((p) => p.template_id === row.id)
      .map(({ id, title, content }) => ({ id, title, content })),
    order: row.position,
  };
};

/** Stage scenarios first, in pipeline order, then option ones in the form's; by position inside an event. */
const byEvent = (index: EventIndex) => (a: ScenarioRow, b: ScenarioRow) =>
  a.event_type.localeCompare(b.event_type) ||
  (eventOf(a, index)?.rank ?? Infinity) - (eventOf(b, index)?.rank ?? Infinity) ||
  a.position - b.position ||
  a.id - b.id;

async function loadScenarios(db: Db, projectId: number, ids?: number[]): Promise<Scenario[]> {
  const index = eventIndex(await pipelineEvents(db, projectId));
  const rows = (await listScenarios(db, projectId, ids)).sort(byEvent(index));
  const posts = await listScenarioPosts(
    db,
    projectId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toScenario(r, posts, index));
}

export const listScenarioViews = (deps: AppDeps, projectId: number) => loadScenarios(deps.db, projectId);

export async function scenarioEvents({ db }: AppDeps, projectId: number): Promise<ScenarioEvents> {
  const { categories, fields } = await pipelineEvents(db, projectId);
  return {
    client_category_changed: categories.map((c) => ({ id: c.id, name: c.name, options: [], color: c.color })),
    client_form_field_changed: fields.map((f) => ({
      id: f.id,
      name: f.name,
      options: f.options,
      color: null,
    })),
  };
}

async function checkPosts(db: Db, projectId: number, ids: number[]) {
  const known = await existingPostIds(db, projectId, ids);
  const bad = ids.findIndex((id) => !known.has(id));
  if (bad >= 0) throw invalidField(`posts.${bad}`, SCENARIO_POST_NOT_FOUND);
}

const hours = (seconds: number) => `${Math.round((seconds / 3600) * 100) / 100} ч`;

const describe = (s: Scenario) =>
  `«${s.title}» (${SCENARIO_EVENT_LABELS[s.event_type]}: ${s.event.select_field ? `${s.event.select_field.name} — ` : ''}${s.event.name}; через ${hours(s.schedule_for)}, уведомить за ${Math.round(s.remind_before / 60)} мин)`;

const reload = async (tx: Tx, projectId: number, id: number) =>
  (await loadScenarios(tx.db, projectId, [id]))[0]!;

export function createScenario(deps: AppDeps, actor: Actor, body: BodyOf<Api['create']>) {
  return transaction(deps, async (tx) => {
    const index = eventIndex(await pipelineEvents(tx.db, actor.projectId));
    const event = findEvent(index, body.event_type, body.event_id);
    if (!event) throw invalidField('event_id', SCENARIO_EVENT_NOT_FOUND);
    await checkPosts(tx.db, actor.projectId, body.posts);
    const group = await listGroup(tx.db, actor.projectId, body.event_type, body.event_id);
    const now = tx.now.toISOString();
    const { id } = await insertScenario(tx.db, {
      project_id: actor.projectId,
      event_type: body.event_type,
      category_id: body.event_type === 'client_category_changed' ? body.event_id : null,
      option_id: body.event_type === 'client_form_field_changed' ? body.event_id : null,
      title: body.title,
      description: body.description,
      schedule_for: body.schedule_for,
      remind_before: body.remind_before,
      tasks: JSON.stringify(body.tasks),
      position: group.length === 0 ? 0 : Math.max(...group.map((g) => g.position)) + 1,
      created_at: now,
      updated_at: now,
    });
    await replaceScenarioPosts(tx.db, id, body.posts);
    const view = await reload(tx, actor.projectId, id);
    await tx.record({
      ...actor,
      kind: 'reminder_template.created',
      subjectType: 'reminder_template',
      subjectId: id,
      message: `Создан сценарий ${describe(view)}`,
      before: null,
      after: view,
    });
    return view;
  });
}

/** Edits a scenario; its event is fixed (sent unchanged, or left out). */
export function updateScenario(deps: AppDeps, actor: Actor, id: number, body: BodyOf<Api['update']>) {
  return transaction(deps, async (tx) => {
    const [before] = await loadScenarios(tx.db, actor.projectId, [id]);
    if (!before) throw notFound(SCENARIO_NOT_FOUND);
    if (body.event_type !== undefined && body.event_type !== before.event_type) {
      throw invalidField('event_type', SCENARIO_EVENT_LOCKED);
    }
    if (body.event_id !== undefined && body.event_id !== before.event_id)
      throw invalidField('event_id', SCENARIO_EVENT_LOCKED);
    await checkPosts(tx.db, actor.projectId, body.posts);
    await updateScenarioRow(tx.db, id, {
      title: body.title,
      description: body.description,
      schedule_for: body.schedule_for,
      remind_before: body.remind_before,
      tasks: JSON.stringify(body.tasks),
      updated_at: tx.now.toISOString(),
    });
    await replaceScenarioPosts(tx.db, id, body.posts);
    const view = await reload(tx, actor.projectId, id);
    await tx.record({
      ...actor,
      kind: 'reminder_template.updated',
      subjectType: 'reminder_template',
      subjectId: id,
      message: `Изменён сценарий ${describe(view)}`,
      before,
      after: view,
    });
    return view;
  });
}

/** A new order inside one group: every scenario of the group, each once. */
export function reorderScenarios(deps: AppDeps, actor: Actor, ids: number[]) {
  return transaction(deps, async (tx) => {
    const rows = await listScenarios(tx.db, actor.projectId, ids);
    const bad = ids.findIndex((id) => !rows.some((r) => r.id === id));
    if (bad >= 0) throw invalidField(`ids.${bad}`, SCENARIO_NOT_FOUND);
    const first = rows[0]!;
    const type: ScenarioEventType = first.event_type;
    const eventId = first[eventColumn(type)] as number;
    const group = await listGroup(tx.db, actor.projectId, type, eventId);
    const sameSet =
      new Set(ids).size === ids.length &&
      group.length === ids.length &&
      group.every((g) => ids.includes(g.id));
    if (!sameSet) throw invalidField('ids', SCENARIO_ORDER_GROUP);
    for (const [position, id] of ids.entries()) await updateScenarioRow(tx.db, id, { position });
    const index = eventIndex(await pipelineEvents(tx.db, actor.projectId));
    const option = type === 'client_category_changed' ? undefined : index.options.get(eventId);
    const eventName = option
      ? `${option.field.name} — ${option.name}`
      : (index.categories.get(eventId)?.name ?? '');
    await tx.record({
      ...actor,
      kind: 'reminder_template.reordered',
      subjectType: 'reminder_template',
      subjectId: null,
      message: `Изменён порядок сценариев события «${eventName}»: ${ids.map((id) => `«${rows.find((r) => r.id === id)?.title}»`).join(', ')}`,
      before: group.map((g) => g.id),
      after: ids,
    });
    return loadScenarios(tx.db, actor.projectId);
  });
}
