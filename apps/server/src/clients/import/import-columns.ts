import { CLIENT_EXPORT_COLUMNS, type ImportColumn, type ImportColumnTarget } from '@crm/contract';
import { foldText } from '../../lib/fold-text.js';

/**
 * Header words, Russian and English, that name a client's own values (folded: case, ё = е). A
 * header equal to one of them, or to a form field's name, is mapped to it; the rest is left for
 * the admin. The export's own titles are among them, so an exported file imports back as it is.
 */
const HEADER_WORDS: Record<Exclude<ImportColumnTarget['target'], 'field'>, string[]> = {
  name: [CLIENT_EXPORT_COLUMNS.name, 'имя клиента', 'name', 'first name', 'firstname', 'given name'],
  last_name: [CLIENT_EXPORT_COLUMNS.last_name, 'last name', 'lastname', 'surname', 'family name'],
  amount: [
    CLIENT_EXPORT_COLUMNS.amount,
    'сумма клиента',
    'сумма сделки',
    'бюджет',
    'amount',
    'sum',
    'deal amount',
    'budget',
  ],
  traffic: [CLIENT_EXPORT_COLUMNS.traffic, 'трафик', 'traffic'],
  category: [CLIENT_EXPORT_COLUMNS.category, 'этап', 'стадия', 'статус', 'category', 'stage', 'status'],
  manager: [
    CLIENT_EXPORT_COLUMNS.manager,
    'ответственный',
    'менеджер email',
    'manager',
    'owner',
    'responsible',
  ],
  note: ['заметка', 'заметки', 'комментарий', 'примечание', 'note', 'notes', 'comment'],
};

const byWord = new Map<string, Exclude<ImportColumnTarget['target'], 'field'>>();
for (const [target, words] of Object.entries(HEADER_WORDS)) {
  for (const word of words)
    byWord.set(foldText(word), target as Exclude<ImportColumnTarget['target'], 'field'>);
}

/** The columns of a header row, each with its first values and the target its title suggests. */
export function guessColumns(
  header: string[],
  samples: string[][],
  fields: { id: number; name: string }[],
): ImportColumn[] {
  const fieldByName = new Map(fields.map((f) => [foldText(f.name), f.id]));
  const taken = new Set<string>();
  return header.map((title, index) => {
    const folded = foldText(title);
    const fieldId = fieldByName.get(folded);
    let mapping: ImportColumnTarget | null = null;
    // A form field of that name first: 'Телефон' is the form's phone, not a guess.
    if (fieldId !== undefined) mapping = { target: 'field', field_id: fieldId };
    else if (byWord.has(folded)) mapping = { target: byWord.get(folded)! };
    const key = mapping ? (mapping.target === 'field' ? `field:${mapping.field_id}` : mapping.target) : null;
    // Two columns of one title: the first is mapped, the second left for the admin.
    if (key && taken.has(key)) mapping = null;
    else if (key) taken.add(key);
    return { index, title, samples: samples.map((row) => row[index] ?? ''), mapping };
  });
}
