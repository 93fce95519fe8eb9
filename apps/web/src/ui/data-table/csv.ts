import { spreadsheetText } from '@crm/contract';

/**
 * Tables as CSV files as a Russian Excel opens them by a double click (docs/decisions.md): fields
 * separated by `;` (the list separator of the Russian locale; with commas Excel shows one column),
 * decimal commas, CRLF between records, a field quoted when it holds a `;`, a quote or a line
 * break (its quotes doubled, RFC 4180). The file starts with a UTF-8 BOM, without which Excel reads
 * Cyrillic as Windows-1251. A text cell that a spreadsheet would run as a formula is written as
 * text (`spreadsheetText`).
 */

export type CsvCell = string | number | null | undefined;

const BOM = '\uFEFF';

export const CSV_SEPARATOR = ';';

/** One field: numbers with a decimal comma and no thousands spaces, so Excel reads them as numbers. */
const field = (cell: CsvCell): string => {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'number' ? String(cell).replace('.', ',') : spreadsheetText(cell);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The text of the file: a header row, then the rows; no BOM (see `csvBlob`). */
export const toCsv = (header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string =>
  [header, ...rows].map((row) => row.map(field).join(CSV_SEPARATOR)).join('\r\n') + '\r\n';

export const csvBlob = (header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): Blob =>
  new Blob([BOM, toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });

/** Saves the table as `fileName` through a temporary link (no server round trip). */
export const downloadCsv = (
  fileName: string,
  header: readonly string[],
  rows: ReadonlyArray<readonly CsvCell[]>,
): void => {
  const url = URL.createObjectURL(csvBlob(header, rows));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run; a tick later the address can go.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
};
