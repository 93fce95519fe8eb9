import type { Feature } from '../feature.js';
import { clientMessagesRoutes } from './inbox/messages.routes.js';
import { moveClientChats } from './inbox/messages.repository.js';
import * as bots from './migrations/2026_12_02_1300_telegram_bots.js';
import * as inbox from './migrations/2026_12_03_1000_telegram_inbox.js';
import * as files from './migrations/2026_12_03_1200_telegram_files.js';
import { filesJob } from './files/files.job.js';
import { outboxJob } from './outbox/outbox.job.js';
import { pollingJob } from './polling.job.js';
import { seedTelegramDemo } from './telegram.demo.js';
import { telegramRoutes } from './telegram.routes.js';
import { updatesJob } from './updates.job.js';

/**
 * Telegram (docs/product.md, "Telegram"): the project's bot, connected by its token; clients
 * writing to it and the team answering (inbox/, outbox/).
 */
export const telegramFeature: Feature = {
  name: 'telegram',
  routes: async (app) => {
    await app.register(telegramRoutes);
    await app.register(clientMessagesRoutes);
  },
  migrations: { '2026_12_02_1300_telegram_bots': bots, '2026_12_03_1000_telegram_inbox': inbox, '2026_12_03_1200_telegram_files': files },
  // A client's chats and messages go with him into a merge (a deleted client's go with him).
  inTransaction: {
    'client.merged': (tx, event) => moveClientChats(tx.db, event.data.mergedId, event.data.survivorId),
  },
  jobs: [pollingJob, updatesJob, outboxJob, filesJob],
  seedDemo: seedTelegramDemo,
};
