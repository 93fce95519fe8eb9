import {
  CLIENT_EXPORT_COLUMNS,
  dayOf,
  endOfDay,
  startOfDay,
  YES_NO,
  zonedParts,
  type clientExportQuery,
} from '@crm/contract';
import { formatPhone } from '@crm/contract/phone-format';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { FileAnswer } from '../../http/file-route.js';
import type { MemberActor } from '../../http/actor.js';
import { sheetWriter, type SheetCell, type SheetWriter } from '../../lib/sheet-writer.js';
import { listCategories } from '../categories/categories.repository.js';
import { listClientValues, listFormFields, listFormOptions } from '../form/form.repository.js';
import { nextSearchedClients, type SearchCursor } from '../search/search.repository.js';
import { clientSearchOf } from '../search/search.service.js';
import { reachableIds } from '../bulk/bulk.service.js';

/** Clients read per query: a few hundred kilobytes of rows, one index range each. */
const BATCH = 1000;

/** A moment as the project's wall clock, the form a spreadsheet's date takes (sheet-writer.ts). */
const wallClock = (iso: string, zone: string): Date => {
  const { date, time } = zonedParts(iso, zone);
  return new Date(`${date}T${time}:00Z`);
};

/**
 * GET /clients/export: every client the list's filters find (a manager's own; only the chosen
 * ones when `ids` are given, each of them in reach or 422), in its order, as
 * XLSX or CSV: the export's columns, then each form field under its name (a select's option by
 * name, a phone as people write it). Streamed batch by batch from a keyset read; no cap.
 */
export async function exportClients(
  deps: AppDeps,
  caller: MemberActor,
  query: z.output<typeof clientExportQuery>,
): Promise<FileAnswer> {
  const { db } = deps;
  const zone = caller.timezone;
  const search = await clientSearchOf(db, caller, query, {
    from: query.from ? startOfDay(query.from, zone).toISOString() : undefined,
    to: query.to ? endOfDay(query.to, zone).toISOString() : undefined,
  });
  if (query.ids) search.ids = await reachableIds(deps, caller, query.ids);
  const [categories, fields, options] = await Promise.all([
    listCategories(db, caller.projectId),
    listFormFields(db, caller.projectId),
    listFormOptions(db, caller.projectId),
  ]);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const optionName = new Map(options.map((o) => [String(o.id), o.name]));
  const column = new Map(fields.map((f, i) => [f.id, i]));
  const header = [...Object.values(CLIENT_EXPORT_COLUMNS), ...fields.map((f) => f.name)];
  const writer = sheetWriter(query.format, header, 'Клиенты');

  const fieldCell = (type: string, value: string): SheetCell =>
    type === 'select'
      ? (optionName.get(value) ?? null)
      : type === 'phone_number'
        ? formatPhone(value)
        : value;

  const writeBatch = async (after: SearchCursor | null): Promise<SearchCursor | null> => {
    const rows = await nextSearchedClients(db, deps.dialect, search, after, BATCH);
    if (rows.length === 0) return null;
    const values = await listClientValues(
      db,
      rows.map((r) => r.id),
    );
    const valuesOf = new Map<number, SheetCell[]>();
    for (const v of values) {
      const at = column.get(v.field_id);
      if (at === undefined) continue;
      const cells = valuesOf.get(v.client_id) ?? new Array<SheetCell>(fields.length).fill(null);
      cells[at] = fieldCell(fields[at]!.type, v.value);
      valuesOf.set(v.client_id, cells);
    }
    for (const r of rows) {
      writer.addRow([
        r.id,
        r.name,
        r.last_name,
        categoryName.get(r.category_id) ?? null,
        r.manager_name,
        r.amount,
        r.traffic ? YES_NO.yes : YES_NO.no,
        wallClock(r.created_at, zone),
        ...(valuesOf.get(r.id) ?? new Array<SheetCell>(fields.length).fill(null)),
      ]);
    }
    const last = rows[rows.length - 1]!;
    return rows.length < BATCH ? null : { key: last.order_key, id: last.id };
  };

  void writeAll(writer, writeBatch).catch((error: unknown) => {
    deps.log.error({ err: error }, 'client export failed');
    writer.body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return {
    fileName: exportFileName(query.format, dayOf(deps.clock.now(), zone)),
    format: query.format,
    body: writer.body,
  };
}

async function writeAll(
  writer: SheetWriter,
  writeBatch: (after: SearchCursor | null) => Promise<SearchCursor | null>,
) {
  let cursor: SearchCursor | null = null;
  do {
    cursor = await writeBatch(cursor);
    // A turn of the event loop between batches: SQLite answers synchronously, and without it the
    // zip's compressor and the socket would wait for the last batch (and other requests with them).
    await new Promise(setImmediate);
    await writer.drained();
    if (writer.closed()) return;
  } while (cursor);
  await writer.end();
}

/** 'Клиенты 2026-11-28.xlsx': what and when, in the project's days. */
const exportFileName = (format: string, day: string) => `Клиенты ${day}.${format}`;
