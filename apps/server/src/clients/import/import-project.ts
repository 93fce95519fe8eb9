import type { ImportColumn, ImportUnknownOption } from '@crm/contract';
import type { Db } from '../../db/database.js';
import { foldText } from '../../lib/fold-text.js';
import { findProjectPhoneCountry } from '../../lib/project-days.js';
import { listCategories } from '../categories/categories.repository.js';
import { formFieldsById } from '../form/form.service.js';
import { membersWithEmails } from './import.repository.js';
import { optionChoiceKey, type ImportContext } from './import-row.js';

/**
 * The project as an import's rows are checked against, read once per check or run: stages and
 * members by the names a file uses, the form with its options, the phone country (a number
 * written without its country code is one of its), the admin's mapping and choices.
 * `virtualOptions`: a check counts a value the admin chose to add as an option already (a run
 * adds it first).
 */
export async function importContext(
  db: Db,
  imp: {
    project_id: number;
    created_by: number;
    columns: ImportColumn[];
    default_category_id: number | null;
    default_manager_id: number | null;
    unknown_options: ImportUnknownOption[];
  },
  { virtualOptions }: { virtualOptions: boolean },
): Promise<ImportContext> {
  const [categories, members, form, country] = await Promise.all([
    listCategories(db, imp.project_id),
    membersWithEmails(db, imp.project_id),
    formFieldsById(db, imp.project_id),
    findProjectPhoneCountry(db, imp.project_id),
  ]);
  const membersByName = new Map<string, number | null>();
  for (const m of members) {
    const key = foldText(m.name);
    membersByName.set(key, membersByName.has(key) ? null : m.id);
  }
  const options = new Map<number, Map<string, string>>();
  for (const field of form.values()) {
    if (field.type !== 'select') continue;
    options.set(field.id, new Map([...field.options].map(([id, name]) => [foldText(name), id])));
  }
  const choices = new Map<string, 'skip' | 'add'>();
  let virtual = 0;
  for (const u of imp.unknown_options) {
    if (u.choice === null) continue;
    choices.set(optionChoiceKey(u.field_id, u.value), u.choice);
    if (u.choice === 'add' && virtualOptions && !options.get(u.field_id)?.has(foldText(u.value))) {
      virtual += 1;
      const id = `new-${virtual}`;
      options.get(u.field_id)?.set(foldText(u.value), id);
      form.get(u.field_id)?.options.set(id, u.value);
    }
  }
  return {
    columns: imp.columns.filter((c) => c.mapping !== null),
    categories: new Map(categories.map((c) => [foldText(c.name), c.id])),
    defaultCategoryId: imp.default_category_id,
    membersByEmail: new Map(members.map((m) => [foldText(m.email), m.id])),
    membersByName,
    defaultManagerId: imp.default_manager_id ?? imp.created_by,
    form,
    country,
    options,
    choices,
  };
}
