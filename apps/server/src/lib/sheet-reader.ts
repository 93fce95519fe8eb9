import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Transform, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';

/**
 * Reading a spreadsheet a person uploaded, row by row, never whole in memory: CSV through
 * csv-parse (its encoding and delimiter told from its first bytes), XLSX through exceljs's
 * streaming reader (cell values as they were saved, formulas never run, dates as dates).
 * A row is its cells as text, with its number in the file (the header is row 1).
 */

export type SheetRow = { number: number; cells: string[] };
export type CsvLayout = { encoding: 'utf-8' | 'windows-1251'; delimiter: ',' | ';' | '\t' };

/** A file that cannot be read as a table: the message says why, in Russian. */
export class UnreadableSheet extends Error {}

const NOT_CSV = 'Файл не похож на CSV: в нём есть двоичные данные. Сохраните таблицу как CSV или XLSX';
const NOT_XLSX = 'Файл не похож на XLSX: сохраните таблицу в Excel как «Книга Excel (.xlsx)»';
const DELIMITERS = [';', ',', '\t'] as const;

/**
 * The encoding and the delimiter of a CSV from its first bytes: UTF-8 when they are valid UTF-8
 * (with or without a BOM), else Windows-1251 (what a Russian Excel saves as 'CSV'); the delimiter
 * that splits the first lines into the same number of columns, more than one.
 */
export function detectCsvLayout(head: Buffer): CsvLayout {
  if (head.includes(0)) throw new UnreadableSheet(NOT_CSV);
  let encoding: CsvLayout['encoding'] = 'utf-8';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(head, { stream: true });
  } catch {
    encoding = 'windows-1251';
    text = new TextDecoder('windows-1251').decode(head);
  }
  // The last line of the head may be cut: only whole lines are weighed.
  const lines = text.split(/\r?\n/).slice(0, 50);
  const sample = (lines.length > 1 ? lines.slice(0, -1) : lines).join('\n');
  let best: { delimiter: CsvLayout['delimiter']; score: number } = { delimiter: ';', score: -1 };
  for (const delimiter of DELIMITERS) {
    let rows: string[][];
    try {
      rows = parseSync(sample, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
      });
    } catch {
      continue;
    }
    const width = rows[0]?.length ?? 0;
    if (width < 2) continue;
    const score = rows.filter((r) => r.length === width).length * 1000 + width;
    if (score > best.score) best = { delimiter, score };
  }
  return { encoding, delimiter: best.delimiter };
}

/** Bytes to text in the file's encoding, a piece at a time (a character split between pieces waits). */
const decoding = (encoding: CsvLayout['encoding']) => {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
};

/** The CSV's rows, the header first. A broken quote stops the reading with the line it is on. */
export async function* csvRows(source: Readable, layout: CsvLayout): AsyncGenerator<SheetRow> {
  const parser = parse({
    delimiter: layout.delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(decoding(layout.encoding)).pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      yield { number: info.lines, cells: record };
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_')) {
      const line = (error as { lines?: number }).lines;
      throw new UnreadableSheet(
        `Не удалось прочитать CSV${line ? ` (строка ${line})` : ''}: проверьте кавычки в этой строке`,
      );
    }
    throw error;
  } finally {
    source.destroy();
  }
}

/** Limits of an XLSX's unpacked size: a real client list stays far below them, a zip bomb does not. */
const XLSX_UNPACKED_MAX = 2 * 1024 ** 3;
const XLSX_RATIO_MAX = 200;
const XLSX_RATIO_FROM = 50 * 1024 * 1024;
const ZIP_BOMB = 'Файл XLSX распаковывается в слишком большой объём: похоже, он повреждён или собран нарочно';

/**
 * Unpacks the XLSX once without keeping anything, counting bytes: an archive that grows past
 * 2 GB, or past 50 MB and 200 times its own `size` (a sheet of text packs 10–20 times), is refused
 * before any parser holds it. The whole file's size is the measure: a streamed zip's parts often
 * do not say theirs. Also refuses what is not a zip.
 */
export async function checkXlsxSize(source: Readable, size: number): Promise<void> {
  let total = 0;
  let entries = 0;
  const unzip = unzipper.Parse();
  unzip.on('entry', (entry: unzipper.Entry) => {
    entries += 1;
    const counter = new Writable({
      write(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        if (
          total > XLSX_UNPACKED_MAX ||
          (total > XLSX_RATIO_FROM && total / Math.max(size, 1) > XLSX_RATIO_MAX)
        ) {
          done(new UnreadableSheet(ZIP_BOMB));
          unzip.destroy(new UnreadableSheet(ZIP_BOMB));
          return;
        }
        done();
      },
    });
    // The refusal travels through `unzip`; the counter's own copy of it has no one to tell.
    counter.on('error', () => {});
    entry.pipe(counter);
  });
  try {
    await pipeline(source, unzip);
  } catch (error) {
    if (error instanceof UnreadableSheet) throw error;
    throw new UnreadableSheet(NOT_XLSX);
  }
  if (entries === 0) throw new UnreadableSheet(NOT_XLSX);
}

/** A cell's value as text: dates as ДД.ММ.ГГГГ (with the time when it has one), formulas by their saved result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const [date, time] = value.toISOString().split('T') as [string, string];
    const [y, m, d] = date.split('-');
    const clock = time.slice(0, 5);
    return `${d}.${m}.${y}${clock === '00:00' ? '' : ` ${clock}`}`;
  }
  if (typeof value === 'object') {
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

/** An XLSX's sheets, in the order the file stores them. */
export async function xlsxSheetNames(source: Readable): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const sheet of new StreamingXlsxReader(source, xlsxOptions)) {
      names.push((sheet as { name: string }).name);
    }
  } catch {
    throw new UnreadableSheet(NOT_XLSX);
  }
  return names;
}

/** Unzipped XML as text, a character cut between two chunks carried over to the next. */
async function* wholeCharacters(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** A parked sheet's text, its file opened only when the sheet is read (a skipped sheet opens nothing). */
async function* parkedSheet(path: string): AsyncGenerator<Buffer> {
  yield* createReadStream(path) as AsyncIterable<Buffer>;
}

type ReaderParts = {
  options: typeof xlsxOptions;
  model?: unknown;
  sharedStrings?: unknown;
  workbookRels?: unknown;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
};
type ZipEntry = Readable & { path: string; autodrain(): void };
const ExcelReader = ExcelJS.stream.xlsx.WorkbookReader as unknown as new (
  input: Readable,
  options: typeof xlsxOptions,
) => AsyncIterable<unknown> & ReaderParts;

/**
 * exceljs's streaming reader with two of its defects mended, its XML parsing kept:
 * - It walked the archive's parts with a loop that pauses the unzipper while a part is handled;
 *   unzipper announces its end once the last bytes are parsed, so parts it had already found
 *   but not handed over were dropped. The one most often dropped is `xl/workbook.xml`, which
 *   Excel and exceljs store last, and the file was refused as not an XLSX (exceljs #3064).
 *   `parse` here takes the parts with Node's own iterator, which hands over everything found
 *   before it ends; a sheet that comes before the workbook, the shared strings or the links
 *   between them waits in a temporary file of its own, removed when the reading ends or stops.
 * - It decoded each unzipped chunk on its own, so a Cyrillic letter cut between two chunks came
 *   out as '��' (exceljs #2084, #2316): its XML parser gets text decoded across chunks.
 */
class StreamingXlsxReader extends ExcelReader {
  private readonly source: Readable;

  constructor(source: Readable, options: typeof xlsxOptions) {
    super(source, options);
    this.source = source;
  }

  async *parse(): AsyncGenerator<unknown> {
    const zip = unzipper.Parse({ forceStream: true });
    // An error of the file's own stream reaches the loop below through `zip`.
    pipeline(this.source, zip).catch(() => {});
    const parked: { sheetNo: string; path: string }[] = [];
    let folder: string | null = null;
    try {
      for await (const entry of zip as AsyncIterable<ZipEntry>) {
        const sheetNo = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(entry.path)?.[1];
        if (entry.path === 'xl/_rels/workbook.xml.rels') await this._parseRels(entry);
        else if (entry.path === 'xl/workbook.xml') await this._parseWorkbook(entry);
        else if (entry.path === 'xl/styles.xml') await this._parseStyles(entry);
        else if (entry.path === 'xl/sharedStrings.xml') yield* this._parseSharedStrings(entry);
        else if (sheetNo && this.model && this.sharedStrings && this.workbookRels) {
          yield* this._parseWorksheet(entry, sheetNo);
        } else if (sheetNo) {
          folder ??= await mkdtemp(join(tmpdir(), `crm-xlsx-${process.pid}-`));
          const path = join(folder, `sheet${sheetNo}.xml`);
          await pipeline(entry, createWriteStream(path));
          parked.push({ sheetNo, path });
        }
        entry.autodrain();
      }
      for (const { sheetNo, path } of parked) yield* this._parseWorksheet(parkedSheet(path), sheetNo);
    } finally {
      zip.destroy();
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  }

  override async _parseWorkbook(entry: Readable) {
    entry.setEncoding('utf8');
    return super._parseWorkbook(entry);
  }

  override _parseSharedStrings(entry: Readable) {
    entry.setEncoding('utf8');
    return super._parseSharedStrings(entry);
  }

  override _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string) {
    return super._parseWorksheet(wholeCharacters(iterator), sheetNo);
  }
}

const xlsxOptions = {
  sharedStrings: 'cache',
  styles: 'cache',
  hyperlinks: 'ignore',
  worksheets: 'emit',
  entries: 'ignore',
} as const;

/**
 * The rows of one sheet (the first when `sheet` is null), the header first. Empty rows are left
 * out, as in CSV; `width` bounds a row (cells past it refuse the file).
 */
export async function* xlsxRows(
  source: Readable,
  sheet: string | null,
  width: number,
): AsyncGenerator<SheetRow> {
  try {
    for await (const current of new StreamingXlsxReader(source, xlsxOptions)) {
      const name = (current as { name: string }).name;
      if (sheet !== null && name !== sheet) continue;
      for await (const row of current as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        if (values.length - 1 > width) {
          throw new UnreadableSheet(
            `В таблице больше ${width} столбцов (строка ${row.number}): оставьте только нужные`,
          );
        }
        const cells: string[] = [];
        for (let i = 1; i < values.length; i += 1) cells.push(cellText(values[i] ?? null).trim());
        if (cells.some((c) => c !== '')) yield { number: row.number, cells };
      }
      return;
    }
  } catch (error) {
    if (error instanceof UnreadableSheet) throw error;
    throw new UnreadableSheet(NOT_XLSX);
  } finally {
    source.destroy();
  }
  throw new UnreadableSheet(sheet === null ? 'В файле нет листов' : `В файле нет листа «${sheet}»`);
}
