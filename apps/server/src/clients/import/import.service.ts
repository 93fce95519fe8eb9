import {
  IMPORT_COLUMNS_MAX,
  IMPORT_ERRORS_SHOWN,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_FILE_TOO_BIG,
  IMPORT_SAMPLE_ROWS,
  type ClientImport,
  type ClientImportListItem,
  type clientImportUpdateBody,
  type ImportColumn,
  type ImportStatus,
} from '@crm/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { MemberActor } from '../../http/actor.js';
import { AppError, invalidField, notFound } from '../../http/app-error.js';
import {
  checkXlsxSize,
  csvRows,
  detectCsvLayout,
  UnreadableSheet,
  xlsxRows,
  xlsxSheetNames,
  type SheetRow,
} from '../../lib/sheet-reader.js';
import { findCategory } from '../categories/categories.repository.js';
import { listFormFields } from '../form/form.repository.js';
import { guessColumns } from './import-columns.js';
import { FileTooBig, importFileHead, readImportFile, storeImportFile } from './import-file.js';
import {
  clientsChangedSince,
  deleteFileChunks,
  deleteImport,
  findImport,
  importChanges,
  importErrorsAfter,
  insertImport,
  isProjectMember,
  listImports,
  updateImport,
  type ImportRow,
} from './import.repository.js';
import { tellImportChanged } from './import.live.js';
import { importState, type ImportState } from './import.worker.js';

export const IMPORT_404 = 'Импорт не найден';
const EMPTY_FILE = 'Файл пуст: в нём нет ни одной строки';
const HEADER_ONLY = 'В файле только строка заголовков: добавьте строки с клиентами';
const WRONG_TYPE = 'Загрузите таблицу в формате .csv или .xlsx';
const OLD_XLS = 'Это файл старого формата .xls: сохраните его в Excel как «Книга Excel (.xlsx)»';
const NO_FILE = 'Выберите файл';
const BUSY = 'Импорт уже идёт: дождитесь его конца или остановите его';
const NEEDS_NAMES = 'Сопоставьте столбцы «Имя» и «Фамилия»: без них клиента не создать';
const NEEDS_CATEGORY = 'Выберите категорию для клиентов: в файле нет столбца «Категория»';
const CHECK_FIRST = 'Сначала проверьте файл';

/** Statuses in which the mapping and choices may change (nothing is running). */
const EDITABLE: ImportStatus[] = ['uploaded', 'checked', 'failed'];
const FINISHED: ImportStatus[] = ['done', 'cancelled', 'failed'];

/** The file's header and first rows; refuses a file that is no table, is empty, or only a header. */
async function readHead(rows: AsyncGenerator<SheetRow>) {
  const head: SheetRow[] = [];
  for await (const row of rows) {
    head.push(row);
    if (head.length > IMPORT_SAMPLE_ROWS) break;
  }
  await rows.return(undefined);
  if (head.length === 0) throw new AppError(422, EMPTY_FILE);
  if (head.length === 1) throw new AppError(422, HEADER_ONLY);
  const width = Math.max(...head.map((r) => r.cells.length));
  if (width > IMPORT_COLUMNS_MAX) {
    throw new AppError(
      422,
      `В таблице ${width} столбцов, больше ${IMPORT_COLUMNS_MAX}: оставьте только нужные`,
    );
  }
  const header = Array.from({ length: width }, (_, i) => head[0]!.cells[i]?.trim() || `Столбец ${i + 1}`);
  return { header, samples: head.slice(1).map((r) => r.cells.map((c) => c.trim())) };
}

async function readColumns(
  deps: AppDeps,
  projectId: number,
  rows: AsyncGenerator<SheetRow>,
): Promise<ImportColumn[]> {
  const { header, samples } = await readHead(rows);
  const fields = await listFormFields(deps.db, projectId);
  return guessColumns(header, samples, fields);
}

const formatOf = (fileName: string): 'csv' | 'xlsx' => {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  throw new AppError(422, lower.endsWith('.xls') ? OLD_XLS : WRONG_TYPE);
};

/**
 * POST /client-imports: stores the file a megabyte at a time, tells its layout (CSV's encoding and
 * delimiter; XLSX's sheets, after checking it unpacks to a sane size), reads its header and first
 * rows and guesses the mapping. Whatever refuses the file leaves nothing behind.
 */
export async function uploadImport(
  deps: AppDeps,
  caller: MemberActor,
  file: { fileName: string; stream: AsyncIterable<Buffer>; truncated: () => boolean } | null,
): Promise<ClientImport> {
  if (!file) throw invalidField('file', NO_FILE);
  const format = formatOf(file.fileName);
  const now = deps.clock.now().toISOString();
  const { id } = await insertImport(deps.db, {
    projectId: caller.projectId,
    createdBy: caller.actorId,
    fileName: file.fileName.slice(0, 255),
    format,
    now,
  });
  try {
    const size = await storeImportFile(deps.db, id, file.stream, IMPORT_FILE_MAX_BYTES);
    // The multipart reader stops a file at the limit and marks it cut.
    if (file.truncated()) throw new FileTooBig();
    if (size === 0) throw new AppError(422, EMPTY_FILE);
    if (format === 'csv') {
      const layout = detectCsvLayout(await importFileHead(deps.db, id));
      const columns = await readColumns(deps, caller.projectId, csvRows(readImportFile(deps.db, id), layout));
      await updateImport(deps.db, id, { size, ...layout, columns: JSON.stringify(columns) });
    } else {
      await checkXlsxSize(readImportFile(deps.db, id), size);
      const sheets = await xlsxSheetNames(readImportFile(deps.db, id));
      // The first sheet with clients: a workbook often opens with a title page or a note.
      let read: { sheet: string; columns: ImportColumn[] } | null = null;
      for (const [i, sheet] of sheets.entries()) {
        try {
          const rows = xlsxRows(readImportFile(deps.db, id), sheet, IMPORT_COLUMNS_MAX);
          read = { sheet, columns: await readColumns(deps, caller.projectId, rows) };
          break;
        } catch (error) {
          const emptySheet =
            error instanceof AppError && (error.message === EMPTY_FILE || error.message === HEADER_ONLY);
          if (!emptySheet || i === sheets.length - 1) throw error;
        }
      }
      if (!read) throw new AppError(422, EMPTY_FILE);
      await updateImport(deps.db, id, {
        size,
        sheets: JSON.stringify(sheets),
        sheet: read.sheet,
        columns: JSON.stringify(read.columns),
      });
    }
  } catch (error) {
    await deleteImport(deps.db, caller.projectId, id);
    if (error instanceof FileTooBig) throw new AppError(413, IMPORT_FILE_TOO_BIG);
    if (error instanceof UnreadableSheet) throw new AppError(422, error.message);
    throw error;
  }
  return getImport(deps, caller, id);
}

async function requireImport(deps: AppDeps, caller: MemberActor, id: number): Promise<ImportState> {
  const row = await findImport(deps.db, caller.projectId, id);
  if (!row) throw notFound(IMPORT_404);
  return importState(row);
}

const counted = (c: { new: number; update: number; duplicate: number; errors: number } | null) =>
  c ? c.new + c.update + c.duplicate + c.errors : 0;

/** The import as the API answers it: its bad rows' first ones, whether it can be undone. */
async function viewOf(deps: AppDeps, imp: ImportState): Promise<ClientImport> {
  const errors = await importErrorsAfter(deps.db, imp.id, 0, IMPORT_ERRORS_SHOWN);
  const changes = FINISHED.includes(imp.status) ? await importChanges(deps.db, imp.id, 1) : [];
  const running = imp.status === 'running' || imp.status === 'cancelling' || imp.status === 'queued';
  return {
    id: imp.id,
    status: imp.status,
    file_name: imp.file_name,
    format: imp.format,
    size: imp.size,
    encoding: imp.encoding,
    delimiter: imp.delimiter,
    sheets: JSON.parse(imp.sheets) as string[],
    sheet: imp.sheet,
    columns: imp.columns,
    default_category_id: imp.default_category_id,
    default_manager_id: imp.default_manager_id,
    duplicates: imp.duplicates,
    start_scenarios: imp.start_scenarios === 1,
    unknown_options: imp.unknown_options,
    rows_done: running || imp.status === 'done' ? counted(imp.done) : counted(imp.checked),
    rows_total: imp.rows_total,
    checked: imp.status === 'checking' ? null : imp.checked,
    done: imp.done,
    errors: errors.map((e) => ({ row: e.row_number, column: e.column_title, message: e.message })),
    problem: imp.problem,
    can_undo: changes.length > 0,
    created_by: { id: imp.created_by, name: imp.created_by_name },
    created_at: imp.created_at,
    finished_at: imp.finished_at,
  };
}

export async function getImport(deps: AppDeps, caller: MemberActor, id: number) {
  return viewOf(deps, await requireImport(deps, caller, id));
}

export async function listProjectImports(
  deps: AppDeps,
  caller: MemberActor,
): Promise<ClientImportListItem[]> {
  const rows = await listImports(deps.db, caller.projectId, 50);
  return rows.map((row: ImportRow) => {
    const imp = importState(row);
    return {
      id: imp.id,
      status: imp.status,
      file_name: imp.file_name,
      rows_done: counted(imp.done ?? imp.checked),
      rows_total: imp.rows_total,
      done: imp.done,
      created_by: { id: imp.created_by, name: imp.created_by_name },
      created_at: imp.created_at,
      finished_at: imp.finished_at,
    };
  });
}

/**
 * PUT /client-imports/{id}: the mapping and choices, while nothing runs. Any change asks for a
 * new check (the counts it had were for the old choices). Another sheet reads its columns anew.
 */
export async function updateImportChoices(
  deps: AppDeps,
  caller: MemberActor,
  id: number,
  body: z.output<typeof clientImportUpdateBody>,
) {
  const imp = await requireImport(deps, caller, id);
  if (!EDITABLE.includes(imp.status)) throw new AppError(409, BUSY);
  let columns = imp.columns;
  let sheet = imp.sheet;
  if (body.sheet !== undefined && body.sheet !== imp.sheet) {
    const sheets = JSON.parse(imp.sheets) as string[];
    if (!sheets.includes(body.sheet)) throw invalidField('sheet', `В файле нет листа «${body.sheet}»`);
    sheet = body.sheet;
    try {
      columns = await readColumns(
        deps,
        caller.projectId,
        xlsxRows(readImportFile(deps.db, id), sheet, IMPORT_COLUMNS_MAX),
      );
    } catch (error) {
      if (error instanceof UnreadableSheet) throw invalidField('sheet', error.message);
      throw error;
    }
  }
  if (body.mapping) {
    const fields = new Map((await listFormFields(deps.db, caller.projectId)).map((f) => [f.id, f]));
    const next = columns.map((c) => ({ ...c }));
    const taken = new Map<string, string>();
    body.mapping.forEach((m, i) => {
      const column = next[m.index];
      if (!column) throw invalidField(`mapping.${i}.index`, 'Такого столбца в файле нет');
      if (m.mapping?.target === 'field' && !fields.has(m.mapping.field_id)) {
        throw invalidField(`mapping.${i}.mapping`, 'Поле формы не найдено');
      }
      column.mapping = m.mapping;
    });
    for (const column of next) {
      if (!column.mapping) continue;
      const key =
        column.mapping.target === 'field' ? `field:${column.mapping.field_id}` : column.mapping.target;
      const other = taken.get(key);
      if (other !== undefined) {
        throw invalidField(
          'mapping',
          `Столбцы «${other}» и «${column.title}» сопоставлены с одним и тем же: оставьте один`,
        );
      }
      taken.set(key, column.title);
    }
    columns = next;
  }
  if (
    body.default_category_id != null &&
    !(await findCategory(deps.db, caller.projectId, body.default_category_id))
  ) {
    throw invalidField('default_category_id', 'Категория клиентов не найдена');
  }
  if (
    body.default_manager_id != null &&
    !(await isProjectMember(deps.db, caller.projectId, body.default_manager_id))
  ) {
    throw invalidField('default_manager_id', 'Участник проекта не найден');
  }
  let unknown = imp.unknown_options;
  if (body.option_choices) {
    const choice = new Map(body.option_choices.map((c) => [`${c.field_id}:${c.value}`, c.choice]));
    unknown = unknown.map((u) => ({ ...u, choice: choice.get(`${u.field_id}:${u.value}`) ?? u.choice }));
  }
  await updateImport(deps.db, id, {
    sheet,
    columns: JSON.stringify(columns),
    ...(body.default_category_id !== undefined ? { default_category_id: body.default_category_id } : {}),
    ...(body.default_manager_id !== undefined ? { default_manager_id: body.default_manager_id } : {}),
    ...(body.duplicates !== undefined ? { duplicates: body.duplicates } : {}),
    ...(body.start_scenarios !== undefined ? { start_scenarios: body.start_scenarios ? 1 : 0 } : {}),
    unknown_options: JSON.stringify(sheet !== imp.sheet ? [] : unknown),
    status: 'uploaded',
    problem: null,
    updated_at: deps.clock.now().toISOString(),
  });
  return getImport(deps, caller, id);
}

/** POST …/check: the dry run starts (the scheduler's next pass takes it). */
export async function startCheck(deps: AppDeps, caller: MemberActor, id: number) {
  const imp = await requireImport(deps, caller, id);
  if (!EDITABLE.includes(imp.status)) throw new AppError(409, BUSY);
  const targets = new Set(imp.columns.flatMap((c) => (c.mapping ? [c.mapping.target] : [])));
  if (!targets.has('name') || !targets.has('last_name')) throw new AppError(422, NEEDS_NAMES);
  if (!targets.has('category') && imp.default_category_id === null) {
    throw invalidField('default_category_id', NEEDS_CATEGORY);
  }
  await updateImport(deps.db, id, {
    status: 'checking',
    position: 0,
    checked: null,
    rows_total: null,
    problem: null,
    updated_at: deps.clock.now().toISOString(),
  });
  return getImport(deps, caller, id);
}

/** POST …/run: queued; it starts when the project runs no other import. */
export async function startRun(deps: AppDeps, caller: MemberActor, id: number) {
  const imp = await requireImport(deps, caller, id);
  if (imp.status !== 'checked') throw new AppError(409, imp.status === 'uploaded' ? CHECK_FIRST : BUSY);
  await updateImport(deps.db, id, {
    status: 'queued',
    position: 0,
    done: JSON.stringify({ new: 0, update: 0, duplicate: 0, errors: 0 }),
    updated_at: deps.clock.now().toISOString(),
  });
  await tellImportChanged(deps, caller.projectId, id);
  return getImport(deps, caller, id);
}

/** POST …/cancel: a check or a run stops after its batch; a queued run goes back to checked. */
export async function cancelImport(deps: AppDeps, caller: MemberActor, id: number) {
  const imp = await requireImport(deps, caller, id);
  const now = deps.clock.now().toISOString();
  if (imp.status === 'queued') {
    await updateImport(deps.db, id, { status: 'checked', done: null, updated_at: now }, ['queued']);
  } else if (imp.status === 'checking' || imp.status === 'running') {
    await updateImport(deps.db, id, { status: 'cancelling', updated_at: now }, [imp.status]);
  } else if (imp.status !== 'cancelling') {
    throw new AppError(409, 'Остановить можно только идущую проверку или импорт');
  }
  return getImport(deps, caller, id);
}

/**
 * POST …/undo: refused with the reason when a client it wrote has changed since (an undo would
 * throw that work away); else the clients it created go and the values it changed come back,
 * in the background.
 */
export async function startUndo(deps: AppDeps, caller: MemberActor, id: number) {
  const imp = await requireImport(deps, caller, id);
  if (!FINISHED.includes(imp.status)) throw new AppError(409, 'Отменить можно только завершённый импорт');
  if ((await importChanges(deps.db, id, 1)).length === 0) {
    throw new AppError(409, 'Этот импорт ничего не записал: отменять нечего');
  }
  const changed = await clientsChangedSince(deps.db, id);
  if (changed > 0) {
    throw new AppError(
      409,
      `Отменить импорт нельзя: после него изменились клиенты (${changed}). Отмена стёрла бы эти изменения`,
    );
  }
  await updateImport(
    deps.db,
    id,
    { status: 'undoing', updated_at: deps.clock.now().toISOString() },
    FINISHED,
  );
  return getImport(deps, caller, id);
}

/** DELETE: an import that wrote nothing is forgotten with its file. */
export async function removeImport(deps: AppDeps, caller: MemberActor, id: number) {
  const imp = await requireImport(deps, caller, id);
  if (!EDITABLE.includes(imp.status) && imp.status !== 'undone') throw new AppError(409, BUSY);
  if ((await importChanges(deps.db, id, 1)).length > 0) {
    throw new AppError(409, 'Импорт записал клиентов: сначала отмените его');
  }
  await deleteFileChunks(deps.db, id);
  await deleteImport(deps.db, caller.projectId, id);
  return { ok: true as const };
}
