import type { AppDeps } from '../../deps.js';
import type { Job } from '../../jobs/job.js';
import { leasedWorkers } from '../../jobs/leased-workers.js';
import { bulksToWork, findBulkById, leaseBulk, renewBulkLease, updateBulk } from './bulk.repository.js';
import { finishBulk, runBulk } from './bulk.worker.js';

const FAILED = 'Действие прервано из-за ошибки на сервере. Сделанное до ошибки сохранено.';

/**
 * Bulk actions too large to run in their request (docs/product.md §4.8 "Bulk actions"), each with
 * a lease in its row as an import has (jobs/leased-workers.ts): run beside the scheduler's
 * passes, taken over after a restart from the last committed batch.
 */
const workers = leasedWorkers({
  name: 'client bulk action',
  candidates: (deps) => bulksToWork(deps.db),
  lease: (deps, id, holder, at, until, takeOver) => leaseBulk(deps.db, id, holder, at, until, takeOver),
  renew: (deps, id, holder, until) => renewBulkLease(deps.db, id, holder, until),
  release: (deps, id) => updateBulk(deps.db, id, { locked_by: null, locked_until: null }),
  work: workOn,
});

export const bulkJob: Job = {
  name: 'clients.bulk',
  intervalMs: 1000,
  run: (deps, now) => workers.run(deps, now),
};

/** Waits for this process's workers (tests; a shutdown). */
export const bulkWorkersDone = () => workers.done();

async function workOn(deps: AppDeps, id: number) {
  const bulk = await findBulkById(deps.db, id);
  if (bulk?.status !== 'running') return;
  try {
    await runBulk(deps, bulk);
  } catch (err) {
    deps.log.error({ err, bulkId: id }, 'client bulk action failed');
    await finishBulk(deps, bulk, 'failed', FAILED);
  }
}
