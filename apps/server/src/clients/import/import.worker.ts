import {
  IMPORT_COLUMNS_MAX,
  type ImportColumn,
  type ImportCounts,
  type ImportDuplicateMode,
  type ImportRowError,
  type ImportUnknownOption,
} from '@crm/contract';
import { transaction } from '../../db/transaction.js';
import type { Dialect } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { foldText } from '../../lib/fold-text.js';
import { csvRows, UnreadableSheet, xlsxRows, type SheetRow } from '../../lib/sheet-reader.js';
import { clientsByIds, deleteClientRow, updateClientFields } from '../clients.repository.js';
import { refreshClientContacts } from '../duplicates/duplicates.repository.js';
import { insertFormOption, listClientValues, replaceClientValues } from '../form/form.repository.js';
import { clientSearchText } from '../search/search.text.js';
import { refreshClientSearch } from '../search/search.repository.js';
import { readImportFile } from './import-file.js';
import { existingClientsByKey, rowKeys } from './import-duplicates.js';
import { importContext } from './import-project.js';
import { importRow, type ImportContext, type ImportedClient } from './import-row.js';
import {
  clearImportErrors,
  clientsToUpdate,
  deleteImportChangesOf,
  importChanges,
  insertClientRows,
  insertFieldValueRows,
  insertImportChanges,
  insertImportErrors,
  insertNoteRows,
  lastOptionPosition,
  updateImport,
  type ImportRow,
} from './import.repository.js';
import { tellClientsChanged, tellImportChanged } from './import.live.js';

/**
 * Rows a batch holds: one transaction of a run, one progress step of a check. SQLite runs a
 * transaction on the one connection every request waits for, so its batches are small enough
 * (~20 ms) for a person's clicks to pass between them; PostgreSQL's run beside the requests.
 */
export const importBatchRows = (dialect: Dialect) => (dialect === 'sqlite' ? 100 : 500);

const EMPTY_COUNTS: ImportCounts = { new: 0, update: 0, duplicate: 0, errors: 0 };

const parse = <T>(text: string | null, fallback: T): T =>
  text === null ? fallback : (JSON.parse(text) as T);

/** The import's columns and choices as stored (JSON text) made objects. */
export const importState = (imp: ImportRow) => ({
  ...imp,
  columns: parse<ImportColumn[]>(imp.columns, []),
  unknown_options: parse<ImportUnknownOption[]>(imp.unknown_options, []),
  checked: parse<ImportCounts | null>(imp.checked, null),
  done: parse<ImportCounts | null>(imp.done, null),
});
export type ImportState = ReturnType<typeof importState>;

/** The file's rows after the header, in order (row numbers as the file has them). */
export async function* dataRows(deps: AppDeps, imp: ImportState): AsyncGenerator<SheetRow> {
  const source = readImportFile(deps.db, imp.id);
  const rows =
    imp.format === 'csv'
      ? csvRows(source, { encoding: imp.encoding as 'utf-8', delimiter: imp.delimiter as ';' })
      : xlsxRows(source, imp.sheet, IMPORT_COLUMNS_MAX);
  let header = true;
  for await (const row of rows) {
    if (header) {
      header = false;
      continue;
    }
    yield row;
  }
}

/** Batches of rows; `cut` ends a batch early before a row (a run's in-batch duplicate). */
async function* batches(rows: AsyncIterable<SheetRow>, size: number) {
  let batch: SheetRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** What a row becomes: a new client, an update of `clientId`, a duplicate left alone, or errors. */
type Plan =
  | { kind: 'new'; row: SheetRow; client: ImportedClient; keys: string[] }
  | { kind: 'update'; row: SheetRow; client: ImportedClient; keys: string[]; clientId: number | null }
  | { kind: 'duplicate'; row: SheetRow }
  | { kind: 'error'; row: SheetRow; errors: ImportRowError[] };

/** Tallies the unknown select values over the whole file. */
class UnknownValues {
  private readonly seen = new Map<string, ImportUnknownOption>();
  constructor(private readonly ctx: ImportContext) {}
  add(fieldId: number, value: string, choice: 'skip' | 'add' | null) {
    const key = `${fieldId}:${foldText(value)}`;
    const known = this.seen.get(key);
    if (known) known.rows += 1;
    else {
      const name = this.ctx.form.get(fieldId)?.name ?? '';
      this.seen.set(key, { field_id: fieldId, field_name: name, value, rows: 1, choice });
    }
  }
  list() {
    return [...this.seen.values()];
  }
}

/**
 * Plans a batch: each row checked, then matched to the project's clients and to the rows before
 * it by the duplicate rule. `seen` holds the keys of the file's earlier rows; `pending` the keys
 * of this batch's new clients with their plan (a run writes a batch at once).
 */
async function planBatch(
  deps: AppDeps,
  imp: ImportState,
  ctx: ImportContext,
  rows: SheetRow[],
  seen: Set<string>,
  unknown: UnknownValues,
): Promise<Plan[]> {
  const mode: ImportDuplicateMode = imp.duplicates;
  const checked = rows.map((row) => ({ row, outcome: importRow(row, ctx) }));
  for (const { outcome } of checked)
    for (const u of outcome.unknown) unknown.add(u.fieldId, u.value, u.choice);
  const valid = checked.flatMap(({ row, outcome }) =>
    outcome.client ? [{ row, client: outcome.client, keys: rowKeys(outcome.client, ctx) }] : [],
  );
  const existing =
    mode === 'create'
      ? new Map<string, number>()
      : await existingClientsByKey(
          deps.db,
          imp.project_id,
          valid.flatMap((v) => v.keys),
        );
  const plans: Plan[] = [];
  let at = 0;
  for (const { row, outcome } of checked) {
    if (!outcome.client) {
      plans.push({ kind: 'error', row, errors: outcome.errors });
      continue;
    }
    const { client, keys } = valid[at]!;
    at += 1;
    const match = keys.map((k) => existing.get(k)).find((id) => id !== undefined) ?? null;
    const earlier = keys.some((k) => seen.has(k));
    for (const k of keys) seen.add(k);
    if (mode === 'create' || (match === null && !earlier)) plans.push({ kind: 'new', row, client, keys });
    else if (mode === 'skip') plans.push({ kind: 'duplicate', row });
    else plans.push({ kind: 'update', row, client, keys, clientId: match });
  }
  return plans;
}

const countPlans = (plans: Plan[], into: ImportCounts) => {
  for (const p of plans) {
    if (p.kind === 'new') into.new += 1;
    else if (p.kind === 'update') into.update += 1;
    else if (p.kind === 'duplicate') into.duplicate += 1;
    else into.errors += 1;
  }
};

/**
 * A pause between batches in which the server answers the people using it: on SQLite, whose
 * answers wait for the batch's transaction, a few milliseconds, so that a request's several turns
 * of the event loop run before the next batch; elsewhere one turn.
 */
const breathe = (dialect: Dialect) =>
  new Promise((resolve) => (dialect === 'sqlite' ? setTimeout(resolve, 3) : setImmediate(resolve)));

/** Progress goes to open pages at most this often. */
const TELL_EVERY_MS = 500;

/** Tells open pages the import moved on, no more often than TELL_EVERY_MS (by the app's clock). */
const progressTeller = (deps: AppDeps, imp: ImportState) => {
  let told = 0;
  return async () => {
    const now = deps.clock.now().getTime();
    if (now - told <= TELL_EVERY_MS) return;
    told = now;
    await tellImportChanged(deps, imp.project_id, imp.id);
  };
};

/**
 * The dry run: every row through the same checks as a run, nothing written but the bad rows
 * (for the errors file) and the counts. A check taken over after a crash starts again.
 */
export async function checkImport(deps: AppDeps, imp: ImportState, stopped: () => Promise<boolean>) {
  const ctx = await importContext(deps.db, imp, { virtualOptions: true });
  const counts = { ...EMPTY_COUNTS };
  const seen = new Set<string>();
  const unknown = new UnknownValues(ctx);
  await clearImportErrors(deps.db, imp.id);
  let rows = 0;
  const tellProgress = progressTeller(deps, imp);
  try {
    for await (const batch of batches(dataRows(deps, imp), importBatchRows(deps.dialect))) {
      const plans = await planBatch(deps, imp, ctx, batch, seen, unknown);
      countPlans(plans, counts);
      await insertImportErrors(
        deps.db,
        imp.id,
        plans.flatMap((p) => (p.kind === 'error' ? p.errors : [])),
      );
      rows += batch.length;
      await updateImport(deps.db, imp.id, {
        position: batch.at(-1)!.number,
        checked: JSON.stringify(counts),
      });
      await tellProgress();
      if (await stopped()) {
        await updateImport(deps.db, imp.id, {
          status: 'uploaded',
          position: 0,
          updated_at: deps.clock.now().toISOString(),
        });
        await tellImportChanged(deps, imp.project_id, imp.id);
        return;
      }
      await breathe(deps.dialect);
    }
  } catch (error) {
    if (!(error instanceof UnreadableSheet)) throw error;
    await updateImport(deps.db, imp.id, {
      status: 'failed',
      problem: error.message,
      updated_at: deps.clock.now().toISOString(),
    });
    await tellImportChanged(deps, imp.project_id, imp.id);
    return;
  }
  const now = deps.clock.now().toISOString();
  await updateImport(deps.db, imp.id, {
    status: 'checked',
    rows_total: rows,
    checked: JSON.stringify(counts),
    unknown_options: JSON.stringify(unknown.list()),
    updated_at: now,
  });
  await tellImportChanged(deps, imp.project_id, imp.id);
}

/** The values an update writes into a client: `fill` only its empty ones, `overwrite` every one the row has. */
function mergedValues(
  mode: 'fill' | 'overwrite',
  current: { name: string; last_name: string; amount: number; traffic: number },
  currentValues: { field_id: number; value: string }[],
  row: ImportedClient,
) {
  const own = { ...current };
  for (const key of row.given) {
    const value = key === 'traffic' ? (row.traffic ? 1 : 0) : row[key];
    const empty =
      key === 'amount' ? own.amount === 0 : key === 'traffic' ? own.traffic === 0 : own[key] === '';
    if (mode === 'overwrite' || empty) (own as Record<string, unknown>)[key] = value;
  }
  const values = new Map(currentValues.map((v) => [v.field_id, v.value]));
  for (const v of row.fields)
    if (mode === 'overwrite' || !values.has(v.field_id)) values.set(v.field_id, v.value);
  return { own, values: [...values].map(([field_id, value]) => ({ field_id, value })) };
}

/** Adds the options the admin chose to add (once: a run taken over finds them there). */
async function addChosenOptions(deps: AppDeps, imp: ImportState, ctx: ImportContext) {
  for (const u of imp.unknown_options) {
    if (u.choice !== 'add' || ctx.options.get(u.field_id)?.has(foldText(u.value))) continue;
    const field = ctx.form.get(u.field_id);
    if (field?.type !== 'select') continue;
    const position = (await lastOptionPosition(deps.db, u.field_id)) + 1;
    const { id } = await insertFormOption(deps.db, {
      projectId: imp.project_id,
      fieldId: u.field_id,
      name: u.value.trim(),
      position,
    });
    ctx.options.get(u.field_id)?.set(foldText(u.value), String(id));
    field.options.set(String(id), u.value.trim());
  }
}

/**
 * The run: batch by batch, each in one transaction with the import's progress, so a crash or a
 * cancel leaves whole batches; a worker that takes it over goes on after `position`. Created
 * clients enter their stage as new ones do ('client.imported'); an update keeps the values it
 * replaced, for the undo.
 */
export async function runImport(deps: AppDeps, imp: ImportState, stopped: () => Promise<boolean>) {
  const ctx = await importContext(deps.db, imp, { virtualOptions: false });
  if (imp.position === 0) {
    await addChosenOptions(deps, imp, ctx);
    await clearImportErrors(deps.db, imp.id);
  }
  const counts = imp.done ?? { ...EMPTY_COUNTS };
  const seen = new Set<string>();
  const unknown = new UnknownValues(ctx);
  const tellProgress = progressTeller(deps, imp);
  const batchRows = importBatchRows(deps.dialect);
  const ahead: SheetRow[] = [];
  try {
    for await (const row of dataRows(deps, imp)) {
      if (row.number <= imp.position) {
        // Written by a worker before this one: read again only for the in-file duplicates.
        const outcome = importRow(row, ctx);
        if (outcome.client) for (const k of rowKeys(outcome.client, ctx)) seen.add(k);
        continue;
      }
      ahead.push(row);
      while (ahead.length >= batchRows) {
        // Each batch writes at least its first row; what it leaves goes first into the next.
        ahead.unshift(
          ...(await writeBatch(deps, imp, ctx, ahead.splice(0, batchRows), seen, unknown, counts)),
        );
        await tellProgress();
        if (await stopped()) return finishRun(deps, imp, counts, 'cancelled');
        await breathe(deps.dialect);
      }
    }
    while (ahead.length > 0)
      ahead.unshift(...(await writeBatch(deps, imp, ctx, ahead.splice(0), seen, unknown, counts)));
  } catch (error) {
    if (!(error instanceof UnreadableSheet)) throw error;
    await updateImport(deps.db, imp.id, { problem: error.message });
    return finishRun(deps, imp, counts, 'failed');
  }
  return finishRun(deps, imp, counts, 'done');
}

/**
 * Writes one batch in a transaction and answers the rows it left for the next (from a row that
 * duplicates a client this batch creates: that client must exist before it is updated).
 */
async function writeBatch(
  deps: AppDeps,
  imp: ImportState,
  ctx: ImportContext,
  rows: SheetRow[],
  seen: Set<string>,
  unknown: UnknownValues,
  counts: ImportCounts,
): Promise<SheetRow[]> {
  const before = new Set(seen);
  let plans = await planBatch(deps, imp, ctx, rows, seen, unknown);
  // An update of a client this batch creates: the batch ends before it, the rest waits.
  const cut = plans.findIndex((p) => p.kind === 'update' && p.clientId === null);
  let left: SheetRow[] = [];
  if (cut > 0) {
    left = rows.slice(cut);
    plans = plans.slice(0, cut);
    seen.clear();
    for (const k of before) seen.add(k);
    for (const p of plans) if (p.kind === 'new' || p.kind === 'update') for (const k of p.keys) seen.add(k);
  } else if (cut === 0) {
    // It duplicates an earlier row whose client is not there (that row went wrong): left alone.
    plans = [{ kind: 'duplicate', row: rows[0]! }];
    left = rows.slice(1);
  }
  const batchCounts = { ...EMPTY_COUNTS };
  countPlans(plans, batchCounts);
  await transaction(deps, async (tx) => {
    const now = tx.now.toISOString();
    const created = plans.filter((p): p is Extract<Plan, { kind: 'new' }> => p.kind === 'new');
    const ids = await insertClientRows(
      tx.db,
      deps.dialect,
      created.map(({ client }) => ({
        project_id: imp.project_id,
        import_id: imp.id,
        manager_id: client.manager_id,
        category_id: client.category_id,
        name: client.name,
        last_name: client.last_name,
        amount: client.amount,
        traffic: client.traffic ? 1 : 0,
        name_key: foldText(client.name),
        last_name_key: foldText(client.last_name),
        search_text: clientSearchText(
          client,
          client.fields.map((v) => ({ type: ctx.form.get(v.field_id)!.type, value: v.value })),
        ),
        category_entered_at: now,
        created_at: now,
        updated_at: now,
      })),
    );
    await insertFieldValueRows(
      tx.db,
      created.flatMap(({ client }, i) =>
        client.fields.map((v) => ({
          project_id: imp.project_id,
          client_id: ids[i]!,
          field_id: v.field_id,
          value: v.value,
        })),
      ),
    );
    await refreshClientContacts(tx.db, ids);
    const updates = plans.filter(
      (p): p is Extract<Plan, { kind: 'update' }> => p.kind === 'update' && p.clientId !== null,
    );
    const updatedIds = updates.map((u) => u.clientId!);
    const currents = new Map(
      (await clientsToUpdate(tx.db, imp.project_id, updatedIds)).map((c) => [c.id, c]),
    );
    const valuesOf = new Map<number, { field_id: number; value: string }[]>();
    for (const v of await listClientValues(tx.db, updatedIds)) {
      valuesOf.set(v.client_id, [
        ...(valuesOf.get(v.client_id) ?? []),
        { field_id: v.field_id, value: v.value },
      ]);
    }
    const changes: Parameters<typeof insertImportChanges>[1] = ids.map((id) => ({
      import_id: imp.id,
      client_id: id,
      action: 'created' as const,
      before: null,
      written_at: now,
    }));
    for (const u of updates) {
      const current = currents.get(u.clientId!);
      if (!current) continue;
      const currentValues = valuesOf.get(current.id) ?? [];
      const merged = mergedValues(imp.duplicates as 'fill' | 'overwrite', current, currentValues, u.client);
      await updateClientFields(tx.db, imp.project_id, current.id, {
        ...merged.own,
        manager_id: current.manager_id,
        updated_at: now,
      });
      await replaceClientValues(tx.db, imp.project_id, current.id, merged.values);
      changes.push({
        import_id: imp.id,
        client_id: current.id,
        action: 'updated',
        before: JSON.stringify({
          name: current.name,
          last_name: current.last_name,
          amount: current.amount,
          traffic: current.traffic,
          values: currentValues,
        }),
        written_at: now,
      });
    }
    await refreshClientSearch(tx.db, updatedIds);
    await refreshClientContacts(tx.db, updatedIds);
    const notes = [
      ...created.flatMap(({ client }, i) => (client.note ? [{ clientId: ids[i]!, note: client.note }] : [])),
      ...updates.flatMap((u) =>
        u.client.note && u.clientId ? [{ clientId: u.clientId, note: u.client.note }] : [],
      ),
    ];
    await insertNoteRows(
      tx.db,
      notes.map((n) => ({
        project_id: imp.project_id,
        client_id: n.clientId,
        author_id: imp.created_by,
        note: n.note,
        created_at: now,
      })),
    );
    await insertImportChanges(tx.db, changes);
    await insertImportErrors(
      tx.db,
      imp.id,
      plans.flatMap((p) => (p.kind === 'error' ? p.errors : [])),
    );
    // The batch's clients together: their stays are written in a few statements, not per client.
    await tx.emitAll(
      created.map(({ client }, i) => ({
        kind: 'client.imported' as const,
        projectId: imp.project_id,
        actorId: imp.created_by,
        subjectType: 'client',
        subjectId: ids[i]!,
        message: `Клиент импортирован из «${imp.file_name}»`,
        data: {
          clientId: ids[i]!,
          managerId: client.manager_id,
          categoryId: client.category_id,
          startScenarios: imp.start_scenarios === 1,
        },
      })),
    );
    for (const key of Object.keys(counts) as (keyof ImportCounts)[]) counts[key] += batchCounts[key];
    await updateImport(tx.db, imp.id, {
      position: plans.at(-1)?.row.number ?? imp.position,
      done: JSON.stringify(counts),
      updated_at: now,
    });
  });
  return left;
}

/** The run's end: its status, and one history entry for the whole import. */
async function finishRun(
  deps: AppDeps,
  imp: ImportState,
  counts: ImportCounts,
  status: 'done' | 'cancelled' | 'failed',
) {
  await transaction(deps, async (tx) => {
    const now = tx.now.toISOString();
    await updateImport(tx.db, imp.id, {
      status,
      done: JSON.stringify(counts),
      finished_at: now,
      updated_at: now,
    });
    const what = `${counts.new} ${clientsWord(counts.new)}${counts.update > 0 ? `, обновлено ${counts.update}` : ''}`;
    const verb =
      status === 'done' ? 'Импорт' : status === 'cancelled' ? 'Импорт остановлен' : 'Импорт прерван';
    await tx.record({
      kind: 'client_import.finished',
      projectId: imp.project_id,
      actorId: imp.created_by,
      subjectType: 'client_import',
      subjectId: imp.id,
      message: `${verb}: ${what} из ${imp.file_name}`,
      before: null,
      after: { status, ...counts },
    });
  });
  await tellImportChanged(deps, imp.project_id, imp.id);
  await tellClientsChanged(deps, imp.project_id);
}

/** 'клиент', 'клиента', 'клиентов' as Russian counts them. */
export function clientsWord(n: number) {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return 'клиент';
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return 'клиента';
  return 'клиентов';
}

/** Clients an undo handles per transaction. */
const UNDO_BATCH = 200;

type Before = {
  name: string;
  last_name: string;
  amount: number;
  traffic: number;
  values: { field_id: number; value: string }[];
};

/**
 * The undo: the clients the run created are removed (their stage stays and reminders with them,
 * as a deletion does), the ones it updated get their values back; a batch per transaction,
 * resumable, then one history entry. The service refused it if any of them changed since.
 */
export async function undoImport(deps: AppDeps, imp: ImportState) {
  let removed = 0;
  let restored = 0;
  for (;;) {
    const changes = await importChanges(deps.db, imp.id, UNDO_BATCH);
    if (changes.length === 0) break;
    // Per client: created by the run → removed; else its values before the run's first write.
    const byClient = new Map<number, (typeof changes)[number]>();
    for (const change of changes) {
      const known = byClient.get(change.client_id);
      if (!known || (change.action === 'created' && known.action !== 'created'))
        byClient.set(change.client_id, change);
    }
    await transaction(deps, async (tx) => {
      const now = tx.now.toISOString();
      const created = [...byClient.values()].filter((c) => c.action === 'created').map((c) => c.client_id);
      const owners = await clientsByIds(tx.db, created, imp.project_id);
      for (const id of created) {
        const client = owners.get(id);
        if (!client) continue;
        await deleteClientRow(tx.db, imp.project_id, id);
        await tx.emit({
          kind: 'client.deleted',
          projectId: imp.project_id,
          actorId: imp.created_by,
          subjectType: 'client',
          subjectId: id,
          message: `Клиент удалён отменой импорта «${imp.file_name}»`,
          data: { clientId: id, managerId: client.manager_id, categoryId: client.category_id },
        });
        removed += 1;
      }
      const updated = [...byClient.values()].filter((c) => c.action === 'updated');
      const managers = await clientsToUpdate(
        tx.db,
        imp.project_id,
        updated.map((c) => c.client_id),
      );
      const managerOf = new Map(managers.map((m) => [m.id, m.manager_id]));
      for (const change of updated) {
        const managerId = managerOf.get(change.client_id);
        if (managerId === undefined) continue;
        const before = JSON.parse(change.before!) as Before;
        await updateClientFields(tx.db, imp.project_id, change.client_id, {
          name: before.name,
          last_name: before.last_name,
          amount: before.amount,
          traffic: before.traffic,
          manager_id: managerId,
          updated_at: now,
        });
        await replaceClientValues(tx.db, imp.project_id, change.client_id, before.values);
        restored += 1;
      }
      await refreshClientSearch(
        tx.db,
        updated.map((c) => c.client_id),
      );
      await refreshClientContacts(
        tx.db,
        updated.map((c) => c.client_id),
      );
      await deleteImportChangesOf(tx.db, imp.id, [...byClient.keys()]);
    });
    await tellImportChanged(deps, imp.project_id, imp.id);
    await breathe(deps.dialect);
  }
  await transaction(deps, async (tx) => {
    const now = tx.now.toISOString();
    await updateImport(tx.db, imp.id, { status: 'undone', updated_at: now });
    await tx.record({
      kind: 'client_import.undone',
      projectId: imp.project_id,
      actorId: imp.created_by,
      subjectType: 'client_import',
      subjectId: imp.id,
      message: `Импорт из ${imp.file_name} отменён: удалено ${removed} ${clientsWord(removed)}${restored > 0 ? `, восстановлено ${restored}` : ''}`,
      before: null,
      after: { removed, restored },
    });
  });
  await tellImportChanged(deps, imp.project_id, imp.id);
  await tellClientsChanged(deps, imp.project_id);
}
