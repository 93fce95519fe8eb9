import type { AppDeps } from '../../deps.js';
import type { Job } from '../../jobs/job.js';
import { HEARTBEAT_MS, holderIsGone, LEASE_MS, newHolderId } from '../../jobs/scheduler.js';
import {
  findImportById,
  importsToWork,
  leaseImport,
  renewImportLease,
  updateImport,
} from './import.repository.js';
import { tellImportChanged } from './import.live.js';
import { checkImport, importState, runImport, undoImport, type ImportState } from './import.worker.js';

/** This process's workers, by import: a pass never starts a second one for the same import. */
const working = new Map<number, Promise<void>>();
const holder = newHolderId();

const FAILED = 'Импорт прерван из-за ошибки на сервере. Записанные пачки строк сохранены, их можно отменить.';

/**
 * Starts a worker for each import with work that no live worker holds (docs/product.md §4.8
 * "Import"): on the scheduler's machinery (one pass a second, on any instance), but the work
 * itself runs beside the passes, so a long import never holds back reminders. Each import has a
 * lease of its own in its row, renewed while its worker runs; a worker that died (a restart, a
 * crash) lets it run out, or is seen gone on this machine, and the next pass goes on from the
 * last committed batch. A queued run starts when its project runs no other.
 */
export const importJob: Job = {
  name: 'clients.imports',
  intervalMs: 1000,
  async run(deps, now) {
    let started = 0;
    const at = now.toISOString();
    for (const candidate of await importsToWork(deps.db)) {
      if (working.has(candidate.id)) continue;
      const held = candidate.locked_until !== null && candidate.locked_until > at;
      const takeOver =
        held && candidate.locked_by && holderIsGone(candidate.locked_by) ? candidate.locked_by : null;
      if (held && !takeOver) continue;
      if (candidate.status === 'queued') {
        const promoted = await updateImport(deps.db, candidate.id, { status: 'running' }, ['queued']);
        if (!promoted) continue;
      }
      const until = new Date(now.getTime() + LEASE_MS).toISOString();
      if (!(await leaseImport(deps.db, candidate.id, holder, at, until, takeOver))) continue;
      const work = workOn(deps, candidate.id).finally(() => working.delete(candidate.id));
      working.set(candidate.id, work);
      started += 1;
    }
    return started;
  },
};

/** Waits for this process's workers (tests; a shutdown). */
export const importWorkersDone = async () => {
  while (working.size > 0) await Promise.all([...working.values()]);
};

async function workOn(deps: AppDeps, id: number): Promise<void> {
  const heartbeat = setInterval(() => {
    const until = new Date(deps.clock.now().getTime() + LEASE_MS).toISOString();
    renewImportLease(deps.db, id, holder, until).catch((err: unknown) =>
      deps.log.error({ err, importId: id }, 'import lease renewal failed'),
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let imp: ImportState | null = null;
  try {
    const row = await findImportById(deps.db, id);
    if (!row) return;
    imp = importState(row);
    const stopped = async () => (await findImportById(deps.db, id))?.status === 'cancelling';
    if (imp.status === 'checking') await checkImport(deps, imp, stopped);
    else if (imp.status === 'undoing') await undoImport(deps, imp);
    else if (imp.status === 'running' || imp.status === 'cancelling') {
      if (imp.done === null) {
        // A check stopped before its worker saw the stop.
        await updateImport(deps.db, id, { status: 'uploaded', position: 0 });
      } else await runImport(deps, imp, stopped);
    }
  } catch (err) {
    deps.log.error({ err, importId: id }, 'import failed');
    await updateImport(deps.db, id, {
      status: 'failed',
      problem: FAILED,
      finished_at: deps.clock.now().toISOString(),
    });
    if (imp) await tellImportChanged(deps, imp.project_id, id);
  } finally {
    clearInterval(heartbeat);
    await updateImport(deps.db, id, { locked_by: null, locked_until: null });
  }
}
