import type { Db } from '../db/database.js';
import './clients.tables.js';

/**
 * What can happen to a client that other features start work from (the reminders' scenarios): the
 * project's stages in pipeline order, and its select fields in the form's order, each with its
 * options in theirs.
 */
export type PipelineEvents = {
  categories: { id: number; name: string; color: string }[];
  fields: { id: number; name: string; options: { id: number; name: string }[] }[];
};

export async function pipelineEvents(db: Db, projectId: number): Promise<PipelineEvents> {
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
  return {
    categories,
    fields: fields.map((f) => ({
      ...f,
      options: options.filter((o) => o.field_id === f.id).map(({ id, name }) => ({ id, name })),
    })),
  };
}
