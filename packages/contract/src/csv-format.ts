import { spreadsheetText } from './spreadsheet-cell.js';

/**
 * Tables as CSV files as a Russian Excel opens them by a double click (docs/decisions.md): fields
 * separated by `;` (the list separator of the Russian locale; with commas Excel shows one column),
 * decimal commas, CRLF between records, a field quoted when it holds a `;`, a quote or a line
 * break (its quotes doubled, RFC 4180). The file starts with a UTF-8 BOM, without which Excel reads
 * Cyrillic as Windows-1251. A text cell that a spreadsheet would run as a formula is written as
 * text (`spreadsheetText`). The web's tables and the server's exports write CSV through this.
 */

export type CsvCell = string | number | null | undefined;

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/** One field: numbers with a decimal comma and no thousands spaces, so Excel reads them as numbers. */
const csvField = (cell: CsvCell): string => {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'number' ? String(cell).replace('.', ',') : spreadsheetText(cell);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One record with its CRLF. */
export const csvLine = (cells: readonly CsvCell[]): string =>
  cells.map(csvField).join(CSV_SEPARATOR) + '\r\n';
