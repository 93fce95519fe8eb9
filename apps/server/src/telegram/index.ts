import type { Feature } from '../feature.js';
import * as bots from './migrations/2026_12_02_1300_telegram_bots.js';
import { pollingJob } from './polling.job.js';
import { telegramRoutes } from './telegram.routes.js';

/** Telegram (docs/product.md, "Telegram"): the project's bot, connected by its token. */
export const telegramFeature: Feature = {
  name: 'telegram',
  routes: telegramRoutes,
  migrations: { '2026_12_02_1300_telegram_bots': bots },
  jobs: [pollingJob],
};
