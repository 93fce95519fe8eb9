import { CSV_BOM, csvLine, type CsvCell } from '@crm/contract';
import { saveFile } from '@/lib/save-file';

/** Tables as CSV files as a Russian Excel opens them (the rules: csv-format.ts in the contract). */

export type { CsvCell };

/** The text of the file: a header row, then the rows; no BOM (see `csvBlob`). */
export const toCsv = (header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string =>
  [header, ...rows].map(csvLine).join('');

export const csvBlob = (header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): Blob =>
  new Blob([CSV_BOM, toCsv(header, rows)], { type: 'text/csv;charset=utf-8' });

/** Saves the table as `fileName` (made here; no server round trip). */
export const downloadCsv = (
  fileName: string,
  header: readonly string[],
  rows: ReadonlyArray<readonly CsvCell[]>,
): void => saveFile(csvBlob(header, rows), fileName);
