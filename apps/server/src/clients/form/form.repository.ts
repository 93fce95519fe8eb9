import type { Db } from '../../db/database.js';
import type { ClientFormFieldsTable } from './form.tables.js';
import './form.tables.js';

export const listFormGroups = (db: Db, projectId: number) =>
  db
    .selectFrom('client_form_groups')
    .select(['id', 'title', 'position'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();

const fieldColumns = [
  'id',
  'group_id',
  'type',
  'name',
  'placeholder',
  'required',
  'is_searchable',
  'size_percentage',
  'position',
] as const;

/** Every field of the form, in the form's order (groups, then fields). */
export const listFormFields = (db: Db, projectId: number) =>
  db
    .selectFrom('client_form_fields as f')
    .innerJoin('client_form_groups as g', 'g.id', 'f.group_id')
    .select(fieldColumns.map((c) => `f.${c}` as const))
    .where('f.project_id', '=', projectId)
    .orderBy('g.position')
    .orderBy('g.id')
    .orderBy('f.position')
    .orderBy('f.id')
    .execute();

export const listSearchableFields = (db: Db, projectId: number) =>
  db
    .selectFrom('client_form_fields as f')
    .innerJoin('client_form_groups as g', 'g.id', 'f.group_id')
    .select(fieldColumns.map((c) => `f.${c}` as const))
    .where('f.project_id', '=', projectId)
    .where('f.type', '=', 'select')
    .where('f.is_searchable', '=', 1)
    .orderBy('g.position')
    .orderBy('f.position')
    .orderBy('f.id')
    .execute();

export const listFormOptions = (db: Db, projectId: number) =>
  db
    .selectFrom('client_form_field_options')
    .select(['id', 'field_id', 'name', 'position'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();

/** An option of the project's form, with its field's name. */
export const findFormOption = (db: Db, projectId: number, id: number) =>
  db
    .selectFrom('client_form_field_options as o')
    .innerJoin('client_form_fields as f', 'f.id', 'o.field_id')
    .select(['o.id', 'o.name', 'f.name as field_name'])
    .where('o.project_id', '=', projectId)
    .where('o.id', '=', id)
    .executeTakeFirst();

export const insertFormGroup = (
  db: Db,
  v: { projectId: number; title: string; position: number; now: string },
) =>
  db
    .insertInto('client_form_groups')
    .values({
      project_id: v.projectId,
      title: v.title,
      position: v.position,
      created_at: v.now,
      updated_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateFormGroup = (
  db: Db,
  projectId: number,
  id: number,
  v: { title: string; position: number; now: string },
) =>
  db
    .updateTable('client_form_groups')
    .set({ title: v.title, position: v.position, updated_at: v.now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();

export const setFormGroupPosition = (db: Db, projectId: number, id: number, position: number) =>
  db
    .updateTable('client_form_groups')
    .set({ position })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();

export type FieldValues = Pick<
  ClientFormFieldsTable,
  'group_id' | 'type' | 'name' | 'placeholder' | 'required' | 'is_searchable' | 'size_percentage' | 'position'
>;

export const insertFormField = (db: Db, projectId: number, v: FieldValues, now: string) =>
  db
    .insertInto('client_form_fields')
    .values({ ...v, project_id: projectId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateFormField = (db: Db, projectId: number, id: number, v: FieldValues, now: string) =>
  db
    .updateTable('client_form_fields')
    .set({ ...v, updated_at: now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();

export const insertFormOption = (
  db: Db,
  v: { projectId: number; fieldId: number; name: string; position: number },
) =>
  db
    .insertInto('client_form_field_options')
    .values({ project_id: v.projectId, field_id: v.fieldId, name: v.name, position: v.position })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateFormOption = (
  db: Db,
  projectId: number,
  id: number,
  v: { name: string; position: number },
) =>
  db
    .updateTable('client_form_field_options')
    .set(v)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();

/** Options go with their hints; values naming them are cleared. */
export async function deleteFormOptions(db: Db, projectId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom('clues')
    .where('project_id', '=', projectId)
    .where('type', '=', 'form_field_option')
    .where('type_id', 'in', ids)
    .execute();
  await db
    .deleteFrom('client_field_values')
    .where('project_id', '=', projectId)
    .where('value', 'in', ids.map(String))
    .where('field_id', 'in', (eb) =>
      eb.selectFrom('client_form_field_options').select('field_id').where('id', 'in', ids),
    )
    .execute();
  await db
    .deleteFrom('client_form_field_options')
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute();
}

/** Fields go with their options, their hints and every client's value; answers how many values went. */
export async function deleteFormFields(db: Db, projectId: number, ids: number[]) {
  if (ids.length === 0) return 0;
  const options = await db
    .selectFrom('client_form_field_options')
    .select('id')
    .where('project_id', '=', projectId)
    .where('field_id', 'in', ids)
    .execute();
  await deleteFormOptions(
    db,
    projectId,
    options.map((o) => o.id),
  );
  const values = await db
    .deleteFrom('client_field_values')
    .where('project_id', '=', projectId)
    .where('field_id', 'in', ids)
    .executeTakeFirst();
  await db
    .deleteFrom('client_form_fields')
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute();
  return Number(values.numDeletedRows);
}

export const deleteFieldValues = (db: Db, projectId: number, fieldId: number) =>
  db
    .deleteFrom('client_field_values')
    .where('project_id', '=', projectId)
    .where('field_id', '=', fieldId)
    .execute();

export async function deleteFormGroups(db: Db, projectId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom('client_form_groups')
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute();
}

// ---- the clients' values ---------------------------------------------------------------------

export const listClientValues = async (db: Db, clientIds: number[]) => {
  if (clientIds.length === 0) return [];
  return db
    .selectFrom('client_field_values as v')
    .innerJoin('client_form_fields as f', 'f.id', 'v.field_id')
    .innerJoin('client_form_groups as g', 'g.id', 'f.group_id')
    .select(['v.client_id', 'v.field_id', 'v.value'])
    .where('v.client_id', 'in', clientIds)
    .orderBy('g.position')
    .orderBy('g.id')
    .orderBy('f.position')
    .orderBy('f.id')
    .execute();
};

/** The client's values become these (empty ones are not kept). */
export async function replaceClientValues(
  db: Db,
  projectId: number,
  clientId: number,
  values: { field_id: number; value: string }[],
) {
  await db.deleteFrom('client_field_values').where('client_id', '=', clientId).execute();
  const rows = values
    .filter((v) => v.value !== '')
    .map((v) => ({ project_id: projectId, client_id: clientId, field_id: v.field_id, value: v.value }));
  if (rows.length > 0) await db.insertInto('client_field_values').values(rows).execute();
}
