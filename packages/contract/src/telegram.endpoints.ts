import { z } from 'zod';
import { okSchema, projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import { telegramConnectBody, telegramRulesBody, telegramStatusSchema } from './telegram.js';

const tag = 'telegram';

/** The project's Telegram bot (admins; never with a key). */
export const telegramEndpoints = {
  status: endpoint({ method: 'GET', path: '/projects/:projectId/telegram', params: projectParams, response: telegramStatusSchema, tag }),
  connect: endpoint({
    method: 'PUT',
    path: '/projects/:projectId/telegram',
    params: projectParams,
    body: telegramConnectBody,
    response: telegramStatusSchema,
    tag,
  }),
  /** The stage and manager of the bot's new clients. */
  rules: endpoint({
    method: 'PUT',
    path: '/projects/:projectId/telegram/rules',
    params: projectParams,
    body: telegramRulesBody,
    response: telegramStatusSchema,
    tag,
  }),
  disconnect: endpoint({ method: 'DELETE', path: '/projects/:projectId/telegram', params: projectParams, response: okSchema, tag }),
  /** Telegram's calls with updates (its secret token in X-Telegram-Bot-Api-Secret-Token). */
  webhook: endpoint({
    method: 'POST',
    path: '/telegram/webhook/:botId',
    params: z.object({ botId: z.string().regex(/^\d{1,20}$/, 'Не найдено') }),
    body: z.object({ update_id: z.number().int() }).passthrough(),
    response: okSchema,
    tag,
  }),
};
