import { okSchema, projectParams } from './common.js';
import { endpoint } from './endpoint.js';
import { telegramLinkCodeSchema, telegramLinkedMembersSchema, telegramLinkSchema } from './telegram-links.js';

const tag = 'telegram';

/**
 * A member's own Telegram for his notices (every member for himself, never with a key); who is
 * linked (admins).
 */
export const telegramLinksEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/projects/:projectId/telegram/link',
    params: projectParams,
    response: telegramLinkSchema,
    tag,
  }),
  /** A new one-time link (an older unused one stops working). */
  createCode: endpoint({
    method: 'POST',
    path: '/projects/:projectId/telegram/link',
    params: projectParams,
    response: telegramLinkCodeSchema,
    status: 201,
    tag,
  }),
  unlink: endpoint({
    method: 'DELETE',
    path: '/projects/:projectId/telegram/link',
    params: projectParams,
    response: okSchema,
    tag,
  }),
  linkedMembers: endpoint({
    method: 'GET',
    path: '/projects/:projectId/telegram/links',
    params: projectParams,
    response: telegramLinkedMembersSchema,
    tag,
  }),
};
