import type { Job } from '../jobs/job.js';
import { handleUpdates } from './updates.service.js';

/** The kept updates, handled every second (docs/decisions.md, "Telegram"). */
export const updatesJob: Job = {
  name: 'telegram.updates',
  intervalMs: 1_000,
  run: (deps) => handleUpdates(deps),
};
