import type { AppDeps } from '../../deps.js';
import type { Job } from '../../jobs/job.js';
import { leasedWorkers } from '../../jobs/leased-workers.js';
import {
  findImportById,
  importsToWork,
  leaseImport,
  renewImportLease,
  updateImport,
} from './import.repository.js';
import { tellImportChanged } from './import.live.js';
import { checkImport, importState, runImport, undoImport, type ImportState } from './import.worker.js';

const FAILED = 'Импорт прерван из-за ошибки на сервере. Записанные пачки строк сохранены, их можно отменить.';

/**
 * A worker for each import with work that no live worker holds (docs/product.md §4.8 "Import"):
 * on the scheduler's machinery (one pass a second, on any instance), but the work itself runs
 * beside the passes, so a long import never holds back reminders. Each import has a lease of its
 * own in its row (jobs/leased-workers.ts); the next pass goes on from the last committed batch of
 * a worker that died. A queued run starts when its project runs no other.
 */
const workers = leasedWorkers({
  name: 'import',
  candidates: (deps) => importsToWork(deps.db),
  prepare: async (deps, candidate) =>
    candidate.status !== 'queued' ||
    (await updateImport(deps.db, candidate.id, { status: 'running' }, ['queued'])),
  lease: (deps, id, holder, at, until, takeOver) => leaseImport(deps.db, id, holder, at, until, takeOver),
  renew: (deps, id, holder, until) => renewImportLease(deps.db, id, holder, until),
  release: (deps, id) => updateImport(deps.db, id, { locked_by: null, locked_until: null }),
  work: workOn,
});

export const importJob: Job = {
  name: 'clients.imports',
  intervalMs: 1000,
  run: (deps, now) => workers.run(deps, now),
};

/** Waits for this process's workers (tests; a shutdown). */
export const importWorkersDone = () => workers.done();

async function workOn(deps: AppDeps, id: number): Promise<void> {
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
  }
}
