import type { Job } from '../../jobs/job.js';
import { sendDue } from './outbox.sender.js';

/**
 * Answers due (written on another instance, or waiting for Telegram's rate limit), every second;
 * an answer written here is sent at once (kickOutbox).
 */
export const outboxJob: Job = {
  name: 'telegram.outbox',
  intervalMs: 1_000,
  run: (deps) => sendDue(deps),
};
