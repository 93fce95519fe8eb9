import type { Feature } from '../feature.js';
import * as bots from './migrations/2026_12_02_1300_telegram_bots.js';
import { pollingJob } from './polling.job.js';
import { moveClientChats } from './telegram.repository.js';
import { telegramRoutes } from './telegram.routes.js';
import { updatesJob } from './updates.job.js';

/** Telegram (docs/product.md, "Telegram"): the project's bot, connected by its token. */
export const telegramFeature: Feature = {
  name: 'telegram',
  routes: telegramRoutes,
  migrations: { '2026_12_02_1300_telegram_bots': bots },
  // A client's chats and messages go with him into a merge (a deleted client's go with him).
  inTransaction: {
    'client.merged': (tx, event) => moveClientChats(tx.db, event.data.mergedId, event.data.survivorId),
  },
  jobs: [pollingJob, updatesJob],
};
