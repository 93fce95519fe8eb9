import type { Db } from '../db/database.js';
import { listCategories } from './categories/categories.repository.js';
import { listFormFields, listFormOptions } from './form/form.repository.js';

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
  const categories = await listCategories(db, projectId);
  const fields = (await listFormFields(db, projectId)).filter((f) => f.type === 'select');
  const options = fields.length === 0 ? [] : await listFormOptions(db, projectId);
  return {
    categories: categories.map(({ id, name, color }) => ({ id, name, color })),
    fields: fields.map((f) => ({
      id: f.id,
      name: f.name,
      options: options.filter((o) => o.field_id === f.id).map(({ id, name }) => ({ id, name })),
    })),
  };
}
