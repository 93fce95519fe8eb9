import { IMPORT_ERROR_COLUMN } from '@crm/contract';
import type { AppDeps } from '../../deps.js';
import type { FileAnswer } from '../../http/file-route.js';
import type { MemberActor } from '../../http/actor.js';
import { notFound } from '../../http/app-error.js';
import { sheetWriter } from '../../lib/sheet-writer.js';
import { csvRows, xlsxRows } from '../../lib/sheet-reader.js';
import { IMPORT_COLUMNS_MAX } from '@crm/contract';
import { readImportFile } from './import-file.js';
import { findImport, importErrorsAfter } from './import.repository.js';
import { IMPORT_404 } from './import.service.js';
import { importState } from './import.worker.js';

/** Bad rows read from the database at a time, walked beside the file. */
const ERRORS_BATCH = 1000;

/**
 * GET …/errors: the file's bad rows as they were, each with its reasons in a last 'Ошибка' column
 * (a row with several gets them joined), in the file's own format, to fix and import again. The
 * file and the bad rows are both read in row order, side by side, so neither is held whole.
 */
export async function importErrorsFile(deps: AppDeps, caller: MemberActor, id: number): Promise<FileAnswer> {
  const row = await findImport(deps.db, caller.projectId, id);
  if (!row) throw notFound(IMPORT_404);
  const imp = importState(row);
  const header = [...imp.columns.map((c) => c.title), IMPORT_ERROR_COLUMN];
  const writer = sheetWriter(imp.format, header, 'Ошибки');
  const base = imp.file_name.replace(/\.[^.]+$/, '');

  const write = async () => {
    const source = readImportFile(deps.db, id);
    const rows =
      imp.format === 'csv'
        ? csvRows(source, { encoding: imp.encoding as 'utf-8', delimiter: imp.delimiter as ';' })
        : xlsxRows(source, imp.sheet, IMPORT_COLUMNS_MAX);
    let errors = await importErrorsAfter(deps.db, id, 0, ERRORS_BATCH);
    let at = 0;
    let header = true;
    for await (const sheetRow of rows) {
      if (header) {
        header = false;
        continue;
      }
      if (at >= errors.length) {
        if (errors.length < ERRORS_BATCH) break;
        errors = await importErrorsAfter(deps.db, id, errors.at(-1)!.row_number, ERRORS_BATCH);
        at = 0;
        if (errors.length === 0) break;
      }
      const reasons: string[] = [];
      while (at < errors.length && errors[at]!.row_number === sheetRow.number) {
        const e = errors[at]!;
        reasons.push(e.column_title ? `${e.column_title}: ${e.message}` : e.message);
        at += 1;
      }
      if (reasons.length === 0) continue;
      const cells = imp.columns.map((c) => sheetRow.cells[c.index] ?? '');
      writer.addRow([...cells, reasons.join('; ')]);
      await writer.drained();
      if (writer.closed()) return;
    }
    await writer.end();
  };
  void write().catch((error: unknown) => {
    deps.log.error({ err: error }, 'import errors file failed');
    writer.body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName: `${base} — ошибки.${imp.format}`, format: imp.format, body: writer.body };
}
