import type { Feature } from '../feature.js';
import { clientMessagesRoutes } from './inbox/messages.routes.js';
import { moveClientChats } from './inbox/messages.repository.js';
import * as bots from './migrations/2026_12_02_1300_telegram_bots.js';
import * as inbox from './migrations/2026_12_03_1000_telegram_inbox.js';
import * as files from './migrations/2026_12_03_1200_telegram_files.js';
import * as links from './migrations/2026_12_03_1300_telegram_links.js';
import * as answerFiles from './migrations/2026_12_04_1000_telegram_answer_files.js';
import { forgetMember } from './links/links.repository.js';
import { telegramLinksRoutes } from './links/links.routes.js';
import { queueLinkedNotices } from './links/links.service.js';
import { noticesJob } from './links/notices.sender.js';
import { filesJob } from './files/files.job.js';
import { outboxJob } from './outbox/outbox.job.js';
import { pollingJob } from './polling.job.js';
import { seedTelegramDemo } from './telegram.demo.js';
import { telegramRoutes } from './telegram.routes.js';
import { updatesJob } from './updates.job.js';

/**
 * Telegram (docs/product.md, "Telegram"): the project's bot, connected by its token; clients
 * writing to it and the team answering (inbox/, outbox/); members' own Telegram for their
 * notices (links/).
 */
export const telegramFeature: Feature = {
  name: 'telegram',
  routes: async (app) => {
    await app.register(telegramRoutes);
    await app.register(clientMessagesRoutes);
    await app.register(telegramLinksRoutes);
  },
  migrations: {
    '2026_12_02_1300_telegram_bots': bots,
    '2026_12_03_1000_telegram_inbox': inbox,
    '2026_12_03_1200_telegram_files': files,
    '2026_12_03_1300_telegram_links': links,
    '2026_12_04_1000_telegram_answer_files': answerFiles,
  },
  // A client's chats and messages go with him into a merge (a deleted client's go with him).
  inTransaction: {
    'client.merged': (tx, event) => moveClientChats(tx.db, event.data.mergedId, event.data.survivorId),
    // A member who leaves takes his Telegram link with him.
    'member.removed': (tx, event) => forgetMember(tx.db, event.projectId, event.data.userId),
  },
  // Notifications to members who linked their Telegram are queued with them (links/).
  onSignal: { 'notifications.created': queueLinkedNotices },
  jobs: [pollingJob, updatesJob, outboxJob, filesJob, noticesJob],
  seedDemo: seedTelegramDemo,
};
