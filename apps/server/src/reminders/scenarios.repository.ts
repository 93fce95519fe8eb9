import type { ScenarioEventType } from '@crm/contract';
import type { Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import './reminders.tables.js';
import type { ReminderTemplatesTable } from './reminders.tables.js';

/** A scenario with the names of its event (a category, or an option and its field). */
const withEvent = (db: Db) =>
  db
    .selectFrom('reminder_templates as t')
    .leftJoin('client_categories as cat', 'cat.id', 't.category_id')
    .leftJoin('client_form_field_options as o', 'o.id', 't.option_id')
    .leftJoin('client_form_fields as f', 'f.id', 'o.field_id')
    .select([
      't.id',
      't.title',
      't.event_type',
      't.category_id',
      't.option_id',
      't.description',
      't.schedule_for',
      't.remind_before',
      't.tasks',
      't.position',
      'cat.name as category_name',
      'cat.position as category_position',
      'o.name as option_name',
      'f.id as field_id',
      'f.name as field_name',
    ]);

export const listScenarios = (db: Db, projectId: number, ids?: number[]) => {
  let q = withEvent(db).where('t.project_id', '=', projectId);
  if (ids) q = q.where('t.id', 'in', ids);
  return q
    .orderBy('t.event_type')
    .orderBy('cat.position')
    .orderBy('f.position')
    .orderBy('o.position')
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
};
export type ScenarioRow = Awaited<ReturnType<typeof listScenarios>>[number];

export const listScenarioPosts = (db: Db, templateIds: number[]) =>
  templateIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('reminder_template_posts as tp')
        .innerJoin('knowledge_posts as p', 'p.id', 'tp.post_id')
        .select(['tp.template_id', 'p.id', 'p.title', 'p.content'])
        .where('tp.template_id', 'in', templateIds)
        .orderBy('tp.template_id')
        .orderBy('tp.position')
        .execute();

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
  new Set(
    ids.length === 0
      ? []
      : (
          await db
            .selectFrom('knowledge_posts')
            .select('id')
            .where('project_id', '=', projectId)
            .where('id', 'in', ids)
            .execute()
        ).map((r) => r.id),
  );

/** The event a scenario names, if it is the project's: a category, or an option with its field. */
export const findEvent = (db: Db, projectId: number, type: ScenarioEventType, id: number) =>
  type === 'client_category_changed'
    ? db
        .selectFrom('client_categories')
        .select(['id', 'name'])
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst()
    : db
        .selectFrom('client_form_field_options as o')
        .innerJoin('client_form_fields as f', 'f.id', 'o.field_id')
        .select(['o.id', 'o.name'])
        .where('o.project_id', '=', projectId)
        .where('o.id', '=', id)
        .where('f.type', '=', 'select')
        .executeTakeFirst();

/** What scenarios can start from: the categories, and the select fields with their options. */
export async function listEventChoices(db: Db, projectId: number) {
  const categories = await db
    .selectFrom('client_categories')
    .select(['id', 'name', 'color'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const fields = await db
    .selectFrom('client_form_fields as f')
    .innerJoin('client_form_groups as g', 'g.id', 'f.group_id')
    .select(['f.id', 'f.name'])
    .where('f.project_id', '=', projectId)
    .where('f.type', '=', 'select')
    .orderBy('g.position')
    .orderBy('f.position')
    .orderBy('f.id')
    .execute();
  const options =
    fields.length === 0
      ? []
      : await db
          .selectFrom('client_form_field_options')
          .select(['id', 'name', 'field_id'])
          .where(
            'field_id',
            'in',
            fields.map((f) => f.id),
          )
          .orderBy('position')
          .orderBy('id')
          .execute();
  return { categories, fields, options };
}
