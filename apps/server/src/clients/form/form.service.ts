import {
  FORM_FIELD_NOT_FOUND,
  REQUIRED,
  SOCIAL_NETWORK_PREFIXES,
  TEXT_VALUE_MAX,
  TEXTAREA_VALUE_MAX,
  tooLong,
  type Clue,
  type FormField,
  type FormFieldType,
  type FormGroup,
  type PhoneCountry,
} from '@crm/contract';
import type { Db } from '../../db/database.js';
import { lockProject } from '../../db/project-lock.js';
import { assertExactOrder } from '../reorder.js';
import { transaction } from '../../db/transaction.js';
import type { AppDeps, Tx } from '../../deps.js';
import type { Actor } from '../../http/actor.js';
import { AppError } from '../../http/app-error.js';
import { normalizePhone, storedPhone } from './phone-numbers.js';
import { findProjectPhoneCountry } from '../../lib/project-days.js';
import { listClues } from '../categories/categories.repository.js';
import { toClueView } from '../categories/categories.service.js';
import { refreshClientContacts } from '../duplicates/duplicates.repository.js';
import { clientsWithValuesOf, refreshClientSearch } from '../search/search.repository.js';
import {
  deleteFieldValues,
  deleteFormFields,
  deleteFormGroups,
  deleteFormOptions,
  insertFormField,
  insertFormGroup,
  insertFormOption,
  listFormFields,
  listFormGroups,
  listFormOptions,
  listSearchableFields,
  setFormGroupPosition,
  updateFormField,
  updateFormGroup,
  updateFormOption,
  type FieldValues,
} from './form.repository.js';

type FieldRow = Awaited<ReturnType<typeof listFormFields>>[number];
type OptionRow = Awaited<ReturnType<typeof listFormOptions>>[number] & { clue?: Clue | null };

const toFieldView = (row: FieldRow, options: OptionRow[]): FormField => ({
  id: row.id,
  type: row.type,
  name: row.name,
  placeholder: row.placeholder,
  required: Number(row.required) === 1,
  is_searchable: Number(row.is_searchable) === 1,
  size_percentage: Number(row.size_percentage),
  options: options.map((o) => ({ id: o.id, name: o.name, clue: o.clue ?? null })),
  order: Number(row.position),
});

/** The options by field, each with its hint. */
async function optionsByField(db: Db, projectId: number, options: OptionRow[]) {
  const clues = await listClues(db, projectId, 'form_field_option');
  const clueOf = new Map(clues.map((c) => [c.type_id, toClueView(c)]));
  const byField = new Map<number, OptionRow[]>();
  for (const o of options)
    byField.set(o.field_id, [...(byField.get(o.field_id) ?? []), { ...o, clue: clueOf.get(o.id) ?? null }]);
  return byField;
}

/** The project's form: its groups in order, each with its fields (and a select's options) in order. */
export async function getForm(db: Db, projectId: number): Promise<FormGroup[]> {
  const [groups, fields, options] = await Promise.all([
    listFormGroups(db, projectId),
    listFormFields(db, projectId),
    listFormOptions(db, projectId),
  ]);
  const optionsOf = await optionsByField(db, projectId, options);
  return groups.map((g) => ({
    id: g.id,
    title: g.title,
    order: Number(g.position),
    fields: fields.filter((f) => f.group_id === g.id).map((f) => toFieldView(f, optionsOf.get(f.id) ?? [])),
  }));
}

/** Select fields marked searchable, with their options (the clients list's filters). */
export async function searchableFields(db: Db, projectId: number): Promise<FormField[]> {
  const [fields, options] = await Promise.all([
    listSearchableFields(db, projectId),
    listFormOptions(db, projectId),
  ]);
  const optionsOf = await optionsByField(db, projectId, options);
  return fields.map((f) => toFieldView(f, optionsOf.get(f.id) ?? []));
}

export type GroupInput = {
  id?: number;
  title: string;
  fields: {
    id?: number;
    type: FormFieldType;
    name: string;
    placeholder: string;
    required: boolean;
    is_searchable: boolean;
    size_percentage: number;
    options: { id?: number; name: string }[];
  }[];
};
type SaveInput = { groups: GroupInput[] };

/** A saved group as the input that saves it unchanged (ids kept). */
export const groupAsInput = (group: FormGroup): GroupInput => ({
  id: group.id,
  title: group.title,
  fields: group.fields.map((f) => ({
    id: f.id,
    type: f.type,
    name: f.name,
    placeholder: f.placeholder,
    required: f.required,
    is_searchable: f.is_searchable,
    size_percentage: f.size_percentage,
    options: f.options.map((o) => ({ id: o.id, name: o.name })),
  })),
});

/**
 * How the ids of a save are checked and reported. PUT /form: every group under `groups.N.`, and a
 * field may move to another group. A group endpoint: only its one group is checked (the others
 * are the stored form as it is: `pathOf` null), its keys have no prefix, and a field keeps its
 * group (another group's field id is refused).
 */
export type IdRules = { pathOf: (groupIndex: number) => string | null; fieldsStayInGroup: boolean };

const WHOLE_FORM: IdRules = { pathOf: (gi) => `groups.${gi}.`, fieldsStayInGroup: false };

/** Ids that name no row of this project's form (or not one this save may touch), or one named twice: 422 on their path. */
function checkIds(
  input: SaveInput,
  known: { groups: Set<number>; fieldGroup: Map<number, number>; optionField: Map<number, number> },
  rules: IdRules,
) {
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const check = (kind: string, id: number | undefined, ok: boolean, path: string, message: string) => {
    if (id === undefined) return;
    if (!ok || seen.has(`${kind}:${id}`)) errors[path] = [message];
    seen.add(`${kind}:${id}`);
  };
  input.groups.forEach((g, gi) => {
    const prefix = rules.pathOf(gi);
    if (prefix === null) return;
    check('g', g.id, g.id !== undefined && known.groups.has(g.id), `${prefix}id`, 'Группа не найдена');
    g.fields.forEach((f, fi) => {
      const path = `${prefix}fields.${fi}`;
      const group = f.id === undefined ? undefined : known.fieldGroup.get(f.id);
      const fieldOk = group !== undefined && (!rules.fieldsStayInGroup || group === g.id);
      check('f', f.id, fieldOk, `${path}.id`, FORM_FIELD_NOT_FOUND);
      f.options.forEach((o, oi) => {
        const ok = o.id !== undefined && f.id !== undefined && known.optionField.get(o.id) === f.id;
        check('o', o.id, ok, `${path}.options.${oi}.id`, 'Вариант не найден');
      });
    });
  });
  const first = Object.values(errors)[0];
  if (first) throw new AppError(422, first[0] ?? FORM_FIELD_NOT_FOUND, errors);
}

export const fieldSummary = (groups: FormGroup[]) =>
  groups
    .map((g) => `«${g.title}»: ${g.fields.map((f) => `«${f.name}»`).join(', ') || 'без полей'}`)
    .join('; ');

/**
 * Makes the project's form what `input` says, inside the caller's transaction (the project held,
 * `before` read under that hold). Items with an id are updated (only if something differs), those
 * without are created, rows left out are deleted; a deleted field takes its options, their hints
 * and every client's value with it (one history entry per field), a field whose type changes
 * loses its values (they were written for the old type). Answers the groups' ids in input order.
 */
export async function writeForm(
  tx: Tx,
  who: Actor,
  input: SaveInput,
  before: FormGroup[],
  rules: IdRules = WHOLE_FORM,
): Promise<number[]> {
  const now = tx.now.toISOString();
  const [fieldRows, optionRows] = await Promise.all([
    listFormFields(tx.db, who.projectId),
    listFormOptions(tx.db, who.projectId),
  ]);
  checkIds(
    input,
    {
      groups: new Set(before.map((g) => g.id)),
      fieldGroup: new Map(fieldRows.map((f) => [f.id, f.group_id])),
      optionField: new Map(optionRows.map((o) => [o.id, o.field_id])),
    },
    rules,
  );

  const keptGroups = new Set(input.groups.flatMap((g) => (g.id === undefined ? [] : [g.id])));
  const keptFields = new Set(
    input.groups.flatMap((g) => g.fields.flatMap((f) => (f.id === undefined ? [] : [f.id]))),
  );
  const keptOptions = new Set(
    input.groups.flatMap((g) =>
      g.fields.flatMap((f) =>
        f.type === 'select' ? f.options.flatMap((o) => (o.id === undefined ? [] : [o.id])) : [],
      ),
    ),
  );

  // Text values that go with a deleted or retyped field leave their clients' search text and
  // duplicate keys.
  const typeAfter = new Map(input.groups.flatMap((g) => g.fields.map((f) => [f.id, f.type] as const)));
  const searchChanged = await clientsWithValuesOf(
    tx.db,
    who.projectId,
    fieldRows.filter((f) => f.type !== 'select' && typeAfter.get(f.id) !== f.type).map((f) => f.id),
  );

  // Deletions first: fields (with their values), then options, then groups.
  const goneFields = fieldRows.filter((f) => !keptFields.has(f.id));
  for (const field of goneFields) {
    const values = await deleteFormFields(tx.db, who.projectId, [field.id]);
    await tx.record({
      ...who,
      kind: 'client_form.field_deleted',
      subjectType: 'client_form_field',
      subjectId: field.id,
      message: `Удалено поле формы клиента «${field.name}»${values > 0 ? `; удалены его значения у клиентов: ${values}` : ''}`,
      before: toFieldView(
        field,
        optionRows.filter((o) => o.field_id === field.id),
      ),
      after: null,
      data: { fieldId: field.id, values },
    });
  }
  const goneFieldIds = new Set(goneFields.map((f) => f.id));
  await deleteFormOptions(
    tx.db,
    who.projectId,
    optionRows.filter((o) => !goneFieldIds.has(o.field_id) && !keptOptions.has(o.id)).map((o) => o.id),
  );
  await deleteFormGroups(
    tx.db,
    who.projectId,
    before.filter((g) => !keptGroups.has(g.id)).map((g) => g.id),
  );

  const groupNow = new Map(before.map((g) => [g.id, g]));
  const fieldNow = new Map(fieldRows.map((f) => [f.id, f]));
  const optionNow = new Map(optionRows.map((o) => [o.id, o]));
  const groupIds: number[] = [];
  for (const [gi, group] of input.groups.entries()) {
    let groupId = group.id;
    if (groupId === undefined) {
      groupId = (
        await insertFormGroup(tx.db, { projectId: who.projectId, title: group.title, position: gi, now })
      ).id;
    } else {
      const was = groupNow.get(groupId);
      if (was?.title !== group.title || was.order !== gi)
        await updateFormGroup(tx.db, who.projectId, groupId, { title: group.title, position: gi, now });
    }
    groupIds.push(groupId);
    for (const [fi, field] of group.fields.entries()) {
      const values: FieldValues = {
        group_id: groupId,
        type: field.type,
        name: field.name,
        placeholder: field.placeholder,
        required: field.required ? 1 : 0,
        is_searchable: field.is_searchable ? 1 : 0,
        size_percentage: field.size_percentage,
        position: fi,
      };
      let fieldId = field.id;
      if (fieldId === undefined) {
        fieldId = (await insertFormField(tx.db, who.projectId, values, now)).id;
      } else {
        const was = fieldNow.get(fieldId);
        if (!was || !sameValues(was, values))
          await updateFormField(tx.db, who.projectId, fieldId, values, now);
        if (was?.type !== field.type) await deleteFieldValues(tx.db, who.projectId, fieldId);
      }
      // Another type keeps no options (a former select's went with the deletions above).
      if (field.type !== 'select') continue;
      for (const [oi, option] of field.options.entries()) {
        if (option.id === undefined) {
          await insertFormOption(tx.db, {
            projectId: who.projectId,
            fieldId,
            name: option.name,
            position: oi,
          });
        } else {
          const was = optionNow.get(option.id);
          if (was?.name !== option.name || Number(was.position) !== oi)
            await updateFormOption(tx.db, who.projectId, option.id, { name: option.name, position: oi });
        }
      }
    }
  }
  await refreshClientSearch(tx.db, searchChanged);
  await refreshClientContacts(tx.db, searchChanged);
  return groupIds;
}

/** Whether a stored row already holds these values (numbers compared as numbers). */
const sameValues = <T extends Record<string, unknown>>(row: T, values: Partial<T>) =>
  Object.entries(values).every(([key, value]) => String(row[key]) === String(value));

/** PUT /form: the whole form in one transaction (see writeForm), one history entry. */
export function saveForm(deps: AppDeps, who: Actor, input: SaveInput) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const before = await getForm(tx.db, who.projectId);
    await writeForm(tx, who, input, before);
    const after = await getForm(tx.db, who.projectId);
    await tx.record({
      ...who,
      kind: 'client_form.saved',
      subjectType: 'client_form',
      subjectId: null,
      message: `Форма клиента сохранена: ${fieldSummary(after) || 'без групп'}`,
      before,
      after,
    });
    return after;
  });
}

/** PUT /form-groups/order: every group of the form once, in the new order. */
export function changeFormGroupsOrder(deps: AppDeps, who: Actor, ids: number[]) {
  return transaction(deps, async (tx) => {
    await lockProject(tx.db, who.projectId);
    const before = await getForm(tx.db, who.projectId);
    assertExactOrder(
      ids,
      before.map((g) => g.id),
      {
        unknown: 'Группа не найдена',
        repeated: 'Группа указана дважды',
        incomplete: 'Укажите все группы формы, каждую по одному разу',
      },
    );
    if (before.map((g) => g.id).join(',') === ids.join(',')) return before;
    for (const [position, id] of ids.entries())
      await setFormGroupPosition(tx.db, who.projectId, id, position);
    const after = await getForm(tx.db, who.projectId);
    await tx.record({
      ...who,
      kind: 'client_form.saved',
      subjectType: 'client_form',
      subjectId: null,
      message: `Изменён порядок групп формы клиента: ${after.map((g) => `«${g.title}»`).join(', ')}`,
      before,
      after,
    });
    return after;
  });
}

// ---- the clients' values ---------------------------------------------------------------------

export type FormFieldRef = { id: number; type: FormFieldType; name: string; options: Map<string, string> };

/** The form's fields by id, each select with its options (id as text → name). */
export async function formFieldsById(db: Db, projectId: number) {
  const [fields, options] = await Promise.all([
    listFormFields(db, projectId),
    listFormOptions(db, projectId),
  ]);
  const byId = new Map<number, FormFieldRef & { required: boolean }>();
  for (const f of fields)
    byId.set(f.id, {
      id: f.id,
      type: f.type,
      name: f.name,
      required: Number(f.required) === 1,
      options: new Map(),
    });
  for (const o of options) byId.get(o.field_id)?.options.set(String(o.id), o.name);
  return byId;
}

/** What is wrong with a value of a field of this type, or null. */
function valueError(field: FormFieldRef, value: string): string | null {
  switch (field.type) {
    case 'select':
      return field.options.has(value) ? null : 'Выберите вариант из списка';
    case 'phone_number':
      return null; // read with the project's country by valuesAgainstForm
    case 'social_network':
      if (!SOCIAL_NETWORK_PREFIXES.some((p) => value.startsWith(p) && value.length > p.length)) {
        return 'Ссылка должна начинаться с https://www.instagram.com/ или https://www.facebook.com/';
      }
      return value.length > TEXT_VALUE_MAX ? tooLong(TEXT_VALUE_MAX) : null;
    case 'text':
      return value.length > TEXT_VALUE_MAX ? tooLong(TEXT_VALUE_MAX) : null;
    case 'textarea':
      return value.length > TEXTAREA_VALUE_MAX ? tooLong(TEXTAREA_VALUE_MAX) : null;
  }
}

type FieldValue = { field_id: number; value: string };

/**
 * A client's values checked against the project's form: unknown fields (or another project's)
 * on `fields.N.field_id`, each value by its type on `fields.N.value`, a required field left empty
 * on `fields.N.value`, one left out on `fields`. Answers the values to keep (non-empty), the form
 * and the project's phone country. `stored`: an edited client's values (see valuesAgainstForm).
 */
export async function checkClientValues(
  db: Db,
  projectId: number,
  values: FieldValue[],
  stored: FieldValue[] = [],
  /** false: the form's required fields are not asked (a client a channel makes, docs/decisions.md "Telegram"). */
  requireAll = true,
) {
  const [form, country] = await Promise.all([
    formFieldsById(db, projectId),
    findProjectPhoneCountry(db, projectId),
  ]);
  const { errors, kept } = valuesAgainstForm(form, values, country, stored, requireAll);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError(422, first, errors);
  return { form, country, values: kept };
}

/**
 * The rule of `checkClientValues` against a form already read (an import checks thousands of
 * rows against one form): the errors by key, and the values to keep, phones in their one form,
 * read with the project's phone country. A phone sent as the client has it stored (an edit sends
 * the values it did not change) is read as stored, never again as written: in a Russian project
 * the Vietnamese '84951234567' would otherwise become Moscow's '8 (495) 123-45-67'.
 */
export function valuesAgainstForm(
  form: Map<number, FormFieldRef & { required: boolean }>,
  values: FieldValue[],
  country: PhoneCountry,
  stored: FieldValue[] = [],
  requireAll = true,
) {
  const storedValues = new Set(stored.map((v) => `${v.field_id}:${v.value}`));
  const errors: Record<string, string[]> = {};
  const given = new Set<number>();
  // A phone is kept in its one form, the digits of the international number (phone-numbers.ts).
  const phones = new Map<number, string>();
  values.forEach((v, i) => {
    const field = form.get(v.field_id);
    if (!field || given.has(v.field_id)) {
      errors[`fields.${i}.field_id`] = [field ? 'Поле указано дважды' : FORM_FIELD_NOT_FOUND];
      return;
    }
    given.add(v.field_id);
    if (v.value === '') {
      if (field.required && requireAll) errors[`fields.${i}.value`] = [REQUIRED];
      return;
    }
    if (field.type === 'phone_number') {
      const asStored = storedValues.has(`${v.field_id}:${v.value}`) ? storedPhone(v.value, country) : null;
      const phone = asStored === null ? normalizePhone(v.value, country) : { digits: asStored };
      if ('digits' in phone) phones.set(i, phone.digits);
      else errors[`fields.${i}.value`] = [phone.error];
      return;
    }
    const error = valueError(field, v.value);
    if (error) errors[`fields.${i}.value`] = [error];
  });
  const missing = requireAll ? [...form.values()].filter((f) => f.required && !given.has(f.id)) : [];
  if (missing.length > 0) {
    errors.fields = [`Заполните обязательные поля: ${missing.map((f) => `«${f.name}»`).join(', ')}`];
  }
  const kept = values.flatMap((v, i) => {
    if (v.value === '') return [];
    const digits = phones.get(i);
    return [digits === undefined ? v : { ...v, value: digits }];
  });
  return { errors, kept };
}
