import { accountsFeature } from './accounts/index.js';
import { aiFeature } from './ai/index.js';
import { clientsFeature } from './clients/index.js';
import { conversationsFeature } from './conversations/index.js';
import type { Feature } from './feature.js';
import { historyFeature } from './history/index.js';
import { integrationsFeature } from './integrations/index.js';
import { knowledgeFeature } from './knowledge/index.js';
import { notificationsFeature } from './notifications/index.js';
import { projectsFeature } from './projects/index.js';
import { liveFeature } from './realtime/index.js';
import { remindersFeature } from './reminders/index.js';
import { statisticsFeature } from './statistics/index.js';
import { statusesFeature } from './statuses/index.js';
import { teamFeature } from './team/index.js';
import { telegramFeature } from './telegram/index.js';

/**
 * Every feature of the server, in the order their routes mount and their demo data seeds. A
 * feature imports only those before it (lint); a newer one reaches an older one through events.
 * A new feature is a folder and a line here.
 */
export const features: readonly Feature[] = [
  accountsFeature,
  projectsFeature,
  statusesFeature,
  teamFeature,
  clientsFeature,
  knowledgeFeature,
  notificationsFeature,
  remindersFeature,
  aiFeature,
  conversationsFeature,
  liveFeature,
  historyFeature,
  statisticsFeature,
  integrationsFeature,
  telegramFeature,
];
