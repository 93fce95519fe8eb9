import type { ScenarioEventType } from '@crm/contract';
import type { Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import { findPostsByIds } from '../knowledge/index.js';
import { linkedPosts } from './linked-posts.js';
import './reminders.tables.js';
import type { ReminderTemplatesTable } from './reminders.tables.js';

const scenarioColumns = [
  'id',
  'title',
  'event_type',
  'category_id',
  'option_id',
  'description',
  'schedule_for',
  'remind_before',
  'tasks',
  'position',
] as const;

/** The project's scenarios (or these of them); their events' names and order come from the clients feature. */
export const listScenarios = (db: Db, projectId: number, ids?: number[]) => {
  let q = db.selectFrom('reminder_templates').select(scenarioColumns).where('project_id', '=', projectId);
  if (ids) q = q.where('id', 'in', ids);
  return q.orderBy('position').orderBy('id').execute();
};
export type ScenarioRow = Awaited<ReturnType<typeof listScenarios>>[number];

/** The articles of these scenarios, each scenario's in its order (the knowledge feature's). */
export async function listScenarioPosts(db: Db, projectId: number, templateIds: number[]) {
  if (templateIds.length === 0) return [];
  const links = await db
    .selectFrom('reminder_template_posts')
    .select(['template_id', 'post_id'])
    .where('template_id', 'in', templateIds)
    .orderBy('template_id')
    .orderBy('position')
    .execute();
  return linkedPosts(db, projectId, links);
}

/** The column that names a scenario's event. */
export const eventColumn = (type: ScenarioEventType) =>
  type === 'client_category_changed' ? 'category_id' : 'option_id';

/** The scenarios of one event (one group), in their order. */
export const listGroup = (db: Db, projectId: number, type: ScenarioEventType, eventId: number) =>
  db
    .selectFrom('reminder_templates')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('event_type', '=', type)
    .where(eventColumn(type), '=', eventId)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const insertScenario = (db: Db, row: Omit<ReminderTemplatesTable, 'id'>) =>
  db.insertInto('reminder_templates').values(row).returning('id').executeTakeFirstOrThrow();

export const updateScenarioRow = (db: Db, id: number, values: Updateable<ReminderTemplatesTable>) =>
  db.updateTable('reminder_templates').set(values).where('id', '=', id).execute();

export async function replaceScenarioPosts(db: Db, templateId: number, postIds: number[]) {
  await db.deleteFrom('reminder_template_posts').where('template_id', '=', templateId).execute();
  if (postIds.length === 0) return;
  await db
    .insertInto('reminder_template_posts')
    .values(postIds.map((post_id, position) => ({ template_id: templateId, post_id, position })))
    .execute();
}

/** Which of these article ids are the project's. */
export const existingPostIds = async (db: Db, projectId: number, ids: number[]) =>
  new Set((await findPostsByIds(db, projectId, ids)).map((p) => p.id));

/** A scenario's article ids in its order (what its reminders are given). */
export const listScenarioPostIds = (db: Db, templateId: number) =>
  db
    .selectFrom('reminder_template_posts')
    .select('post_id')
    .where('template_id', '=', templateId)
    .orderBy('position')
    .execute();
