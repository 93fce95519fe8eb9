import {
  clientCreateBody,
  clientNoteCreateBody,
  parseAmount,
  YES_NO,
  type ImportColumn,
  type PhoneCountry,
  type ImportRowError,
} from '@crm/contract';
import { foldText } from '../../lib/fold-text.js';
import type { SheetRow } from '../../lib/sheet-reader.js';
import { valuesAgainstForm, type FormFieldRef } from '../form/form.service.js';

/**
 * One row of the file as a client, checked by the rules `POST /clients` applies (the contract's
 * schemas, the form's value rules), against the project read once for the whole import. Nothing
 * is guessed: a stage, a manager or an option that is not there is the row's error.
 */

export type ImportContext = {
  /** The mapped columns only. */
  columns: ImportColumn[];
  /** Folded category name → id. */
  categories: Map<string, number>;
  defaultCategoryId: number | null;
  /** Folded email → member, folded name → member (null: two members have it). */
  membersByEmail: Map<string, number>;
  membersByName: Map<string, number | null>;
  defaultManagerId: number;
  form: Map<number, FormFieldRef & { required: boolean }>;
  /** The project's phone country: '8 999 …' is a Russian number in a Russian project. */
  country: PhoneCountry;
  /** Per select field: folded option name → option id. */
  options: Map<number, Map<string, string>>;
  /** `fieldId:folded value` → the admin's choice for a value that is no option. */
  choices: Map<string, 'skip' | 'add'>;
};

export type ImportedClient = {
  name: string;
  last_name: string;
  amount: number;
  traffic: boolean;
  category_id: number;
  manager_id: number;
  fields: { field_id: number; value: string }[];
  note: string | null;
  /** The client's own values the row has a non-empty cell for (an update writes only those). */
  given: Set<'name' | 'last_name' | 'amount' | 'traffic'>;
};

/** A select value that is none of the field's options (listed for the admin's choice). */
export type UnknownOption = { fieldId: number; value: string; choice: 'skip' | 'add' | null };

export type RowOutcome = {
  client: ImportedClient | null;
  errors: ImportRowError[];
  unknown: UnknownOption[];
};

export const optionChoiceKey = (fieldId: number, value: string) => `${fieldId}:${foldText(value)}`;

const TRAFFIC_WORDS = new Map<string, boolean>([
  ...[YES_NO.yes, 'да', 'yes', 'true', '1', '+', 'траффик', 'трафик', 'traffic'].map(
    (w): [string, boolean] => [foldText(w), true],
  ),
  ...[YES_NO.no, 'нет', 'no', 'false', '0', '-', 'фарм', 'farm'].map((w): [string, boolean] => [
    foldText(w),
    false,
  ]),
]);

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? '';

export function importRow(row: SheetRow, ctx: ImportContext): RowOutcome {
  const errors: ImportRowError[] = [];
  const unknown: UnknownOption[] = [];
  const fail = (column: ImportColumn | null, message: string) =>
    errors.push({ row: row.number, column: column?.title ?? null, message });
  const client: ImportedClient = {
    name: '',
    last_name: '',
    amount: 0,
    traffic: false,
    category_id: ctx.defaultCategoryId ?? 0,
    manager_id: ctx.defaultManagerId,
    fields: [],
    note: null,
    given: new Set(),
  };
  const fieldColumns: ImportColumn[] = [];
  let categoryGiven = false;

  for (const column of ctx.columns) {
    const cell = (row.cells[column.index] ?? '').trim();
    const mapping = column.mapping!;
    switch (mapping.target) {
      case 'name':
      case 'last_name': {
        const checked = clientCreateBody.shape[mapping.target].safeParse(cell);
        if (checked.success) {
          client[mapping.target] = checked.data;
          client.given.add(mapping.target);
        } else fail(column, firstIssue(checked));
        break;
      }
      case 'amount': {
        const read = parseAmount(cell);
        if ('value' in read) {
          client.amount = read.value;
          if (cell !== '') client.given.add('amount');
        } else fail(column, read.error);
        break;
      }
      case 'traffic': {
        if (cell === '') break;
        const value = TRAFFIC_WORDS.get(foldText(cell));
        if (value === undefined)
          fail(column, `Траффик: «${cell}» — напишите «${YES_NO.yes}» или «${YES_NO.no}»`);
        else {
          client.traffic = value;
          client.given.add('traffic');
        }
        break;
      }
      case 'category': {
        if (cell === '') break;
        categoryGiven = true;
        const id = ctx.categories.get(foldText(cell));
        if (id === undefined) fail(column, `Нет категории «${cell}»: создайте её или исправьте название`);
        else client.category_id = id;
        break;
      }
      case 'manager': {
        if (cell === '') break;
        const folded = foldText(cell);
        const byEmail = ctx.membersByEmail.get(folded);
        const byName = ctx.membersByName.get(folded);
        if (byEmail !== undefined) client.manager_id = byEmail;
        else if (byName === null) fail(column, `Несколько участников с именем «${cell}»: укажите email`);
        else if (byName !== undefined) client.manager_id = byName;
        else fail(column, `Нет участника проекта «${cell}»: укажите email или имя участника`);
        break;
      }
      case 'note': {
        if (cell === '') break;
        const checked = clientNoteCreateBody.shape.note.safeParse(cell);
        if (checked.success) client.note = checked.data;
        else fail(column, firstIssue(checked));
        break;
      }
      case 'field': {
        const field = ctx.form.get(mapping.field_id);
        if (!field) break;
        let value = cell;
        if (field.type === 'select' && cell !== '') {
          const optionId = ctx.options.get(field.id)?.get(foldText(cell));
          if (optionId !== undefined) {
            value = optionId;
            // A value the admin chose to add, counted by a check as if it were there (import-project.ts).
            if (optionId.startsWith('new-')) unknown.push({ fieldId: field.id, value: cell, choice: 'add' });
          } else {
            const choice = ctx.choices.get(optionChoiceKey(field.id, cell)) ?? null;
            unknown.push({ fieldId: field.id, value: cell, choice });
            if (choice === null) {
              fail(
                column,
                `Нет варианта «${cell}» в поле «${field.name}»: выберите, пропустить значение или добавить вариант`,
              );
            }
            // Skipped, or added when the run starts (a check has no id for it yet): no value here.
            value = '';
          }
        }
        fieldColumns.push(column);
        client.fields.push({ field_id: field.id, value });
        break;
      }
    }
  }

  if (!categoryGiven && ctx.defaultCategoryId === null)
    fail(null, 'Укажите категорию: в строке её нет, а категория по умолчанию не выбрана');
  const { errors: valueErrors, kept } = valuesAgainstForm(ctx.form, client.fields, ctx.country);
  for (const [key, messages] of Object.entries(valueErrors)) {
    const at = /^fields\.(\d+)\./.exec(key);
    fail(at ? (fieldColumns[Number(at[1])] ?? null) : null, messages[0]!);
  }
  client.fields = kept;
  return { client: errors.length === 0 ? client : null, errors, unknown };
}
