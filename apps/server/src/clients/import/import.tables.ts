import type { Generated } from 'kysely';
import type { ImportDuplicateMode, ImportFormat, ImportStatus } from '@crm/contract';

/**
 * An import of clients from a spreadsheet (docs/product.md §4.8 "Import"): the file's reading
 * (format, encoding, sheet), the admin's mapping and choices, and where its check or run is.
 * JSON columns are text. `position` is the last row of the file a committed batch covered: a
 * worker that takes the import over (a restart, another instance) goes on after it.
 */
export interface ClientImportsTable {
  id: Generated<number>;
  project_id: number;
  created_by: number;
  file_name: string;
  format: ImportFormat;
  size: number;
  encoding: string | null;
  delimiter: string | null;
  /** JSON string[]: the XLSX's sheets. */
  sheets: Generated<string>;
  sheet: string | null;
  /** JSON ImportColumn[] (titles, samples, mapping). */
  columns: Generated<string>;
  default_category_id: number | null;
  default_manager_id: number | null;
  duplicates: Generated<ImportDuplicateMode>;
  start_scenarios: Generated<number>;
  /** JSON ImportUnknownOption[]. */
  unknown_options: Generated<string>;
  status: ImportStatus;
  /** The check's or the run's progress: rows of the file read (and committed, for a run). */
  position: Generated<number>;
  rows_total: number | null;
  /** JSON ImportCounts, or null. */
  checked: string | null;
  done: string | null;
  problem: string | null;
  /** The worker holding it (scheduler's holder id) and until when. */
  locked_by: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** The uploaded file in pieces of about a megabyte, read back as a stream (import-file.ts). */
export interface ClientImportChunksTable {
  import_id: number;
  seq: number;
  data: Buffer;
}

/**
 * What a run did to each client, for the undo: `created` (removed by the undo), or `updated`
 * with the values it had before (JSON), restored by the undo.
 */
export interface ClientImportChangesTable {
  import_id: number;
  client_id: number;
  action: 'created' | 'updated';
  before: string | null;
  /** The client's updated_at right after the import wrote it: a later one means it changed since. */
  written_at: string;
}

/** A bad row of the last check or run: its number in the file, the column's title, why. */
export interface ClientImportErrorsTable {
  /** The order the reasons were found in (a row's columns left to right). */
  id: Generated<number>;
  import_id: number;
  row_number: number;
  column_title: string | null;
  message: string;
}

declare module '../../db/schema.js' {
  interface Database {
    client_imports: ClientImportsTable;
    client_import_chunks: ClientImportChunksTable;
    client_import_changes: ClientImportChangesTable;
    client_import_errors: ClientImportErrorsTable;
  }
}
