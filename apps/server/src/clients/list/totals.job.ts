import { transaction } from '../../db/transaction.js';
import type { Job } from '../../jobs/job.js';
import { foldTotalChanges } from './totals.repository.js';

/**
 * Folds the clients' stage changes into the column totals every few seconds, on one instance at a
 * time; readers add what is not folded yet, so the totals are exact between two passes too.
 */
export const totalsJob: Job = {
  name: 'clients.column-totals',
  intervalMs: 5_000,
  run: (deps) => transaction(deps, (tx) => foldTotalChanges(tx.db)),
};
