import type { Job } from '../jobs/job.js';
import { apiOf } from './bot-access.js';
import { keepUpdates, pollingBots, setPollingOffset } from './telegram.repository.js';

/**
 * Bots without a public https address (a laptop): the server asks Telegram for their updates
 * every second, on one instance at a time (the scheduler's lease), keeping each once.
 */
export const pollingJob: Job = {
  name: 'telegram.polling',
  intervalMs: 1_000,
  async run(deps, now) {
    if (!deps.config.secretsKey) return 0;
    let kept = 0;
    for (const bot of await pollingBots(deps.db)) {
      try {
        const updates = await apiOf(deps, bot).getUpdates(Number(bot.polling_offset));
        if (updates.length === 0) continue;
        await keepUpdates(deps.db, bot.id, updates, now.toISOString());
        await setPollingOffset(deps.db, bot.id, Math.max(...updates.map((u) => u.update_id)) + 1);
        kept += updates.length;
      } catch (err) {
        deps.log.warn({ err: String(err), bot: bot.username }, 'telegram polling failed');
      }
    }
    return kept;
  },
};
