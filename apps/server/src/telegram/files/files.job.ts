import type { Job } from '../../jobs/job.js';
import { fetchDueFiles } from './files.service.js';

/** Photos and documents clients sent, fetched from Telegram into TELEGRAM_FILES_DIR. */
export const filesJob: Job = {
  name: 'telegram.files',
  intervalMs: 1_000,
  run: (deps) => fetchDueFiles(deps),
};
