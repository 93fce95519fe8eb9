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

/**
 * The cells' two styles, each one object shared by every cell: exceljs remembers a style by its
 * object, and a fresh one per cell (its default) cost a fifth of the writing in turning each back
 * into XML to look it up.
 */
const PLAIN_STYLE: Partial<ExcelJS.Style> = {};
const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: 'dd.mm.yyyy hh:mm' };

/** A Node writable of any of the stream libraries the zip uses (readable-stream 2 has no getters). */
interface EntryPipe {
  _writableState: { needDrain: boolean };
  on(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
}

/**
 * The writable that carries the sheet's XML into the zip's compressor. exceljs's own stream
 * (StreamBuf) passes each piece on without waiting for it to be taken, so rows made faster than
 * deflate compresses them (SQLite answers synchronously) would pile up here uncompressed: a
 * million rows were 640 MB. The writer waits on it between batches (docs/decisions.md); a test
 * checks it is found, so an exceljs that moves it fails there rather than in memory.
 */
export function sheetEntryOf(sheet: ExcelJS.Worksheet): EntryPipe | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const pipe = stream?.pipes?.[0] as Partial<EntryPipe> | undefined;
  return pipe?._writableState && typeof pipe.removeListener === 'function' ? (pipe as EntryPipe) : undefined;
}

/** Until the zip's entry has taken what was written to it, or the reader has gone. */
const untilTaken = (entry: EntryPipe | undefined, out: PassThrough) =>
  new Promise<void>((resolve) => {
    if (!entry?._writableState.needDrain || out.destroyed) return resolve();
    const done = () => {
      entry.removeListener('drain', done);
      out.off('close', done);
      resolve();
    };
    entry.on('drain', done);
    out.on('close', done);
  });

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
  const entry = sheetEntryOf(sheet);
  return {
    body: out,
    closed: () => out.destroyed,
    addRow: (cells) => {
      const row = sheet.addRow(cells.map((c) => c ?? null));
      cells.forEach((c, i) => {
        row.getCell(i + 1).style = c instanceof Date ? DATE_STYLE : PLAIN_STYLE;
      });
      row.commit();
    },
    drained: async () => {
      await untilTaken(entry, out);
      await waitForReader(out);
    },
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

export const sheetWriter = (format: FileFormat, header: readonly string[], sheetName: string): SheetWriter =>
  format === 'csv' ? csvWriter(header) : xlsxWriter(header, sheetName);
