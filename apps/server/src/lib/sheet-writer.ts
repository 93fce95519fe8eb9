import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CSV_BOM, csvLine, type FileFormat } from '@crm/contract';

/**
 * A cell of a file the server writes: text, a number, or a moment as the project's wall clock
 * (a Date whose UTC fields are the local date and time, since a spreadsheet's dates have no zone).
 */
export type SheetCell = string | number | Date | null;

/**
 * One table written as it is made, to a stream the answer sends: rows go out batch by batch, and
 * `drained` holds the writer back while the reader is behind, so memory stays flat however many
 * rows there are.
 */
export interface SheetWriter {
  readonly body: Readable;
  /** The reader has gone (the download was closed): stop making rows. */
  readonly closed: () => boolean;
  addRow(cells: readonly SheetCell[]): void;
  /** Resolves once the reader has taken what was written (call it between batches). */
  drained(): Promise<void>;
  end(): Promise<void>;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A wall-clock moment as a Russian Excel reads a date in a CSV: 28.11.2026 14:05. */
const csvMoment = (at: Date) =>
  `${two(at.getUTCDate())}.${two(at.getUTCMonth() + 1)}.${at.getUTCFullYear()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;

/** Until the reader has caught up, or has gone (a closed download stops the writing). */
const waitForReader = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    if (!out.writableNeedDrain || out.destroyed) return resolve();
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

/** CSV as a Russian Excel opens it (csv-format.ts in the contract), UTF-8 with its BOM. */
function csvWriter(header: readonly string[]): SheetWriter {
  const out = new PassThrough();
  out.write(CSV_BOM + csvLine(header));
  return {
    body: out,
    closed: () => out.destroyed,
    addRow: (cells) => out.write(csvLine(cells.map((c) => (c instanceof Date ? csvMoment(c) : c)))),
    drained: () => waitForReader(out),
    end: async () => {
      out.end();
    },
  };
}

const DATE_FORMAT = 'dd.mm.yyyy hh:mm';

/**
 * XLSX through exceljs's streaming writer: each row is committed (written out and forgotten) as
 * it is added; text cells are always text, never formulas, so nothing in them runs. Dates carry
 * a date format so Excel shows and sorts them as dates.
 */
function xlsxWriter(header: readonly string[], sheetName: string): SheetWriter {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((title) => ({
    header: title,
    width: Math.min(40, Math.max(12, title.length + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    body: out,
    closed: () => out.destroyed,
    addRow: (cells) => {
      const row = sheet.addRow(cells.map((c) => c ?? null));
      cells.forEach((c, i) => {
        if (c instanceof Date) row.getCell(i + 1).numFmt = DATE_FORMAT;
      });
      row.commit();
    },
    drained: () => waitForReader(out),
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

export const sheetWriter = (format: FileFormat, header: readonly string[], sheetName: string): SheetWriter =>
  format === 'csv' ? csvWriter(header) : xlsxWriter(header, sheetName);
