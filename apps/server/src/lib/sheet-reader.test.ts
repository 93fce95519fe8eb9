import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { win1251 } from '../clients/import/import.fixtures.js';
import { csvRows, detectCsvLayout, xlsxRows, xlsxSheetNames, type SheetRow } from './sheet-reader.js';

const collect = async (rows: AsyncIterable<SheetRow>) => {
  const out: SheetRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
};

/** The bytes in pieces of `size`, as a stream hands them over: characters get cut between pieces. */
const inPieces = (bytes: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
      bytes.subarray(i * size, (i + 1) * size),
    ),
  );

describe('reading an uploaded table', () => {
  it('tells UTF-8 (with or without BOM) from Windows-1251, and the delimiter from the first lines', () => {
    const text = 'Имя;Фамилия;Город\nАнна;Иванова;Москва, центр\n';
    expect(detectCsvLayout(Buffer.from(text))).toEqual({ encoding: 'utf-8', delimiter: ';' });
    expect(detectCsvLayout(Buffer.from(`\uFEFF${text}`))).toEqual({ encoding: 'utf-8', delimiter: ';' });
    expect(detectCsvLayout(win1251(text))).toEqual({ encoding: 'windows-1251', delimiter: ';' });
    expect(detectCsvLayout(Buffer.from('a,b,c\n1,"2;3",4\n'))).toEqual({ encoding: 'utf-8', delimiter: ',' });
    expect(detectCsvLayout(Buffer.from('a\tb\n1\t2\n'))).toEqual({ encoding: 'utf-8', delimiter: '\t' });
  });

  it('keeps a letter cut between two pieces of a CSV whole, in either encoding', async () => {
    const text = ['Имя;Фамилия', ...Array.from({ length: 500 }, (_, i) => `Жанна${i};Щукина`)].join('\r\n');
    for (const [bytes, encoding] of [
      [Buffer.from(text), 'utf-8'],
      [win1251(text), 'windows-1251'],
    ] as const) {
      const rows = await collect(csvRows(inPieces(bytes, 7), { encoding, delimiter: ';' }));
      expect(rows).toHaveLength(501);
      expect(rows.every((r) => !r.cells.join('').includes('\uFFFD'))).toBe(true);
      expect(rows[500]).toEqual({ number: 501, cells: ['Жанна499', 'Щукина'] });
    }
  });

  it('keeps Cyrillic whole in a large XLSX, where unzipped pieces cut letters (exceljs #2084)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Клиенты');
    sheet.addRow(['Имя', 'Заметка']);
    for (let i = 0; i < 20_000; i += 1) sheet.addRow([`Жанна${i}`, `Щедрый ёжик съел ${i} яблок`]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const rows = await collect(xlsxRows(inPieces(bytes, 4096), null, 200));
    expect(rows).toHaveLength(20_001);
    expect(rows.filter((r) => r.cells.join('').includes('\uFFFD'))).toEqual([]);
    expect(rows[20_000]!.cells).toEqual(['Жанна19999', 'Щедрый ёжик съел 19999 яблок']);
  });
});

describe('an XLSX of several sheets', () => {
  it('reads the chosen one and its names again and again, the skipped sheets let go cleanly', async () => {
    const workbook = new ExcelJS.Workbook();
    for (const name of ['Справка', 'Клиенты', 'Архив']) {
      const sheet = workbook.addWorksheet(name);
      sheet.addRow(['Имя', 'Фамилия']);
      for (let i = 0; i < 300; i += 1) sheet.addRow([`${name}${i}`, 'Тестова']);
    }
    // Shared strings after the sheets, as Excel and exceljs write them: the reader parks the
    // sheets in temporary files until it has the strings.
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    // Twenty rounds: exceljs's own loop over the archive dropped `xl/workbook.xml` now and then
    // (exceljs #3064); in 1 of 6 parallel runs of sixty rounds here before the reader's `parse`.
    for (let round = 0; round < 20; round += 1) {
      expect(await xlsxSheetNames(inPieces(bytes, 65536))).toEqual(['Справка', 'Клиенты', 'Архив']);
      const rows = await collect(xlsxRows(inPieces(bytes, 65536), 'Клиенты', 200));
      expect(rows).toHaveLength(301);
      expect(rows[1]!.cells).toEqual(['Клиенты0', 'Тестова']);
    }
  });
});

describe('an XLSX read only in part', () => {
  it('leaves no temporary file behind when the reading stops after the first rows', async () => {
    const parked = () => readdirSync(tmpdir()).filter((f) => f.startsWith(`crm-xlsx-${process.pid}-`)).length;
    const workbook = new ExcelJS.Workbook();
    for (const name of ['Клиенты', 'Архив']) {
      const sheet = workbook.addWorksheet(name);
      for (let i = 0; i < 5000; i += 1) sheet.addRow([`${name}${i}`, 'Тестова']);
    }
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = parked();
    for (let round = 0; round < 3; round += 1) {
      const head: SheetRow[] = [];
      for await (const row of xlsxRows(inPieces(bytes, 65536), null, 200)) {
        head.push(row);
        if (head.length === 6) break;
      }
      expect(head.map((r) => r.cells[0])).toEqual([
        'Клиенты0',
        'Клиенты1',
        'Клиенты2',
        'Клиенты3',
        'Клиенты4',
        'Клиенты5',
      ]);
    }
    // The reader removes its parked sheets before it answers that it stopped.
    expect(parked()).toBe(before);
  });
});
