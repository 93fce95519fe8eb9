import {
  IMPORT_TARGET_LABELS,
  type ClientImport,
  type FormGroup,
  type ImportColumnTarget,
  type ImportCounts,
  type ImportDuplicateMode,
  type ImportStatus,
} from '@crm/contract';
import { fileSize, formatNumber } from '@/lib/numbers';
import { plural } from '@/lib/plural';

/*
 * What the import's screens say about its state (docs/product.md §4.8 "Import"): pure functions
 * of the import, so each wording is tested once and every screen says the same.
 */

/** The screen an import's status opens. */
export type ImportStep = 'mapping' | 'progress' | 'checked' | 'report';

export const stepOf = (status: ImportStatus): ImportStep => {
  switch (status) {
    case 'uploaded':
      return 'mapping';
    case 'checked':
      return 'checked';
    case 'checking':
    case 'queued':
    case 'running':
    case 'cancelling':
    case 'undoing':
      return 'progress';
    case 'done':
    case 'cancelled':
    case 'failed':
    case 'undone':
      return 'report';
  }
};

/** The statuses in which the server works on the import: the page follows it. */
export const isBusy = (status: ImportStatus) => stepOf(status) === 'progress';

/** The statuses 'Отменить' stops (a check or a run; a cancel or an undo runs to its end). */
export const canCancel = (status: ImportStatus) =>
  status === 'checking' || status === 'queued' || status === 'running';

/** The status in a list of imports: a word. */
export const STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Загружен',
  checking: 'Проверяется',
  checked: 'Проверен',
  queued: 'В очереди',
  running: 'Импортируется',
  cancelling: 'Останавливается',
  cancelled: 'Остановлен',
  done: 'Завершён',
  failed: 'Не удался',
  undoing: 'Отменяется',
  undone: 'Отменён',
};

export type StatusTone = 'info' | 'success' | 'danger' | 'muted' | 'primary';

export const STATUS_TONES: Record<ImportStatus, StatusTone> = {
  uploaded: 'primary',
  checking: 'info',
  checked: 'primary',
  queued: 'info',
  running: 'info',
  cancelling: 'info',
  cancelled: 'muted',
  done: 'success',
  failed: 'danger',
  undoing: 'info',
  undone: 'muted',
};

/** What the progress screen says while the server works. */
export const PROGRESS_TEXTS: Partial<Record<ImportStatus, string>> = {
  checking: 'Проверяем файл…',
  queued: 'Ждёт: в проекте идёт другой импорт',
  running: 'Импортируем…',
  cancelling: 'Останавливаем…',
  undoing: 'Отменяем импорт…',
};

/** A queued run with no other import before it: the server takes it on its next pass. */
export const QUEUED_STARTING = 'Начинаем импорт…';

/** The progress screen's title; a queued run waits for another import only when one runs. */
export const progressTitle = (status: ImportStatus, otherRunning: boolean): string =>
  status === 'queued' && !otherRunning ? QUEUED_STARTING : (PROGRESS_TEXTS[status] ?? '');

/** The share done, 0 to 1; null while the total is unknown (an indeterminate bar). */
export const progressShare = (rowsDone: number, rowsTotal: number | null): number | null => {
  if (rowsTotal === null) return null;
  if (rowsTotal <= 0) return 1;
  return Math.min(1, Math.max(0, rowsDone / rowsTotal));
};

/** 'Строк: 1 200 из 10 000', or 'Строк: 1 200' while the total is unknown. */
export const progressText = (rowsDone: number, rowsTotal: number | null): string =>
  rowsTotal === null
    ? `Строк прочитано: ${formatNumber(rowsDone)}`
    : `Строк: ${formatNumber(Math.min(rowsDone, rowsTotal))} из ${formatNumber(rowsTotal)}`;

/** '1 строка', '3 строки', '12 строк'. */
export const rowsText = (count: number) =>
  `${formatNumber(count)} ${plural(count, ['строка', 'строки', 'строк'])}`;

/** '1 клиента', '3 клиентов', '21 клиента': after 'Импортировать'. */
export const clientsText = (count: number) =>
  `${formatNumber(count)} ${plural(count, ['клиента', 'клиентов', 'клиентов'])}`;

/** Where the duplicates of a check go under the chosen mode (`create` counts them as new). */
const UPDATE_HINTS: Partial<Record<ImportDuplicateMode, string>> = {
  fill: 'дубли: дополнятся пустые значения',
  overwrite: 'дубли: значения заменятся',
};

export type CountTile = { key: keyof ImportCounts; label: string; value: number; hint?: string };

/**
 * The figures of a check (what a run would do) or of a run (what it did), in the order they are
 * read: new, updated, duplicates, errors. The duplicates a mode updates are among the updated;
 * those it creates anyway among the new; 'Дубли' are the ones left alone.
 */
export const countTiles = (
  counts: ImportCounts,
  mode: ImportDuplicateMode,
  phase: 'checked' | 'done',
): CountTile[] =>
  phase === 'checked'
    ? [
        {
          key: 'new',
          label: 'Новых',
          value: counts.new,
          hint: mode === 'create' ? 'дубли тоже' : undefined,
        },
        { key: 'update', label: 'Обновятся', value: counts.update, hint: UPDATE_HINTS[mode] },
        { key: 'duplicate', label: 'Дубли', value: counts.duplicate, hint: 'пропустятся' },
        { key: 'errors', label: 'Ошибок', value: counts.errors, hint: 'не импортируются' },
      ]
    : [
        { key: 'new', label: 'Создано', value: counts.new },
        { key: 'update', label: 'Обновлено', value: counts.update },
        { key: 'duplicate', label: 'Дубли', value: counts.duplicate, hint: 'пропущены' },
        { key: 'errors', label: 'С ошибками', value: counts.errors, hint: 'не импортированы' },
      ];

/** The clients a run would write: new ones and the ones it updates. */
export const clientsToWrite = (counts: ImportCounts) => counts.new + counts.update;

/** 'Создано 120 · обновлено 3 · ошибок 2': an import's outcome on one line. */
export const countsLine = (counts: ImportCounts): string =>
  [
    `создано ${formatNumber(counts.new)}`,
    counts.update > 0 && `обновлено ${formatNumber(counts.update)}`,
    counts.duplicate > 0 && `дублей ${formatNumber(counts.duplicate)}`,
    counts.errors > 0 && `ошибок ${formatNumber(counts.errors)}`,
  ]
    .filter(Boolean)
    .join(' · ')
    .replace(/^./, (first) => first.toUpperCase());

/** What the report says on top, by how the import ended. */
export const REPORT_TITLES: Partial<Record<ImportStatus, string>> = {
  done: 'Импорт завершён',
  cancelled: 'Импорт остановлен',
  failed: 'Импорт не удался',
  undone: 'Импорт отменён',
};

/** What the report says under its title: whether anything stayed written. */
export const reportText = (status: ImportStatus, canUndo: boolean): string | undefined => {
  switch (status) {
    case 'done':
      return 'Клиенты добавлены на доску.';
    case 'cancelled':
      return canUndo
        ? 'Записанное до остановки осталось: его можно отменить.'
        : 'До остановки ничего не записано.';
    case 'failed':
      return canUndo
        ? 'Записанное до ошибки осталось: его можно отменить.'
        : 'Ничего не записано. Исправьте файл или сопоставление и проверьте снова.';
    case 'undone':
      return 'Созданные импортом клиенты удалены, изменённые значения восстановлены.';
    default:
      return undefined;
  }
};

/** 'CSV · Windows-1251 · разделитель «;»', 'Excel · лист «Клиенты»': what was read and how. */
export const fileLine = (
  item: Pick<ClientImport, 'format' | 'encoding' | 'delimiter' | 'sheet' | 'size'>,
) => {
  const parts: string[] = [item.format === 'xlsx' ? 'Excel' : 'CSV'];
  if (item.format === 'csv') {
    if (item.encoding) parts.push(item.encoding.toLowerCase() === 'utf-8' ? 'UTF-8' : 'Windows-1251');
    if (item.delimiter)
      parts.push(`разделитель ${item.delimiter === '\t' ? 'табуляция' : `«${item.delimiter}»`}`);
  } else if (item.sheet) {
    parts.push(`лист «${item.sheet}»`);
  }
  parts.push(fileSize(item.size));
  return parts.join(' · ');
};

// ---- the mapping's select ----

/** A column's target as the select's value: '' (not imported), 'name', …, 'field:12'. */
export const targetValue = (mapping: ImportColumnTarget | null): string =>
  mapping === null ? '' : mapping.target === 'field' ? `field:${mapping.field_id}` : mapping.target;

/** The select's value as a column's target (null: not imported). */
export const targetOf = (value: string): ImportColumnTarget | null => {
  if (value === '') return null;
  const field = /^field:(\d+)$/.exec(value);
  if (field) return { target: 'field', field_id: Number(field[1]) };
  return Object.hasOwn(IMPORT_TARGET_LABELS, value)
    ? { target: value as Exclude<ImportColumnTarget['target'], 'field'> }
    : null;
};

/** The target's name as the mapping shows it ('Имя', a form field's name). */
export const targetLabel = (value: string, groups: readonly FormGroup[]): string | null => {
  const target = targetOf(value);
  if (target === null) return null;
  if (target.target !== 'field') return IMPORT_TARGET_LABELS[target.target];
  return groups.flatMap((g) => g.fields).find((f) => f.id === target.field_id)?.name ?? null;
};

/**
 * The targets two columns or more go to, with the columns after the first (a client has one
 * name): by the column's position, the target's name.
 */
export const repeatedTargets = (values: readonly string[]): Map<number, string> => {
  const first = new Map<string, number>();
  const repeated = new Map<number, string>();
  values.forEach((value, position) => {
    if (value === '') return;
    if (first.has(value)) repeated.set(position, value);
    else first.set(value, position);
  });
  return repeated;
};

/**
 * The required values no column gives (Имя, Фамилия, the form's required fields): without them
 * every row would be an error.
 */
export const missingRequired = (values: readonly string[], groups: readonly FormGroup[]): string[] => {
  const chosen = new Set(values);
  const basics = (['name', 'last_name'] as const)
    .filter((target) => !chosen.has(target))
    .map((target) => IMPORT_TARGET_LABELS[target]);
  const fields = groups
    .flatMap((g) => g.fields)
    .filter((f) => f.required && !chosen.has(`field:${f.id}`))
    .map((f) => f.name);
  return [...basics, ...fields];
};

/** 'Имя, Фамилия и Телефон'. */
export const listOf = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} и ${names.at(-1)}`;
