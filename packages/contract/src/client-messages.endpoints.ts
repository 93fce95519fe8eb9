import { projectParams } from './common.js';
import {
  clientMessageParams,
  clientMessageSchema,
  clientMessagesAnswer,
  clientMessagesParams,
  clientMessagesQuery,
  clientReplyBody,
  inboxAnswer,
  inboxQuery,
  inboxUnreadAnswer,
} from './client-messages.js';
import { endpoint, fileEndpoint } from './endpoint.js';

const messages = '/projects/:projectId/clients/:clientId/messages';
const tag = 'telegram';

/**
 * Clients' conversations in Telegram: admins see every client's, a manager his clients' (another
 * manager's client → 404).
 */
export const clientMessagesEndpoints = {
  inbox: endpoint({ method: 'GET', path: '/projects/:projectId/inbox', params: projectParams, query: inboxQuery, response: inboxAnswer, tag }),
  unread: endpoint({ method: 'GET', path: '/projects/:projectId/inbox/unread', params: projectParams, response: inboxUnreadAnswer, tag }),
  list: endpoint({
    method: 'GET',
    path: messages,
    params: clientMessagesParams,
    query: clientMessagesQuery,
    response: clientMessagesAnswer,
    tag,
  }),
  /** An answer to the client, sent through the project's bot (its state follows live). */
  reply: endpoint({
    method: 'POST',
    path: messages,
    params: clientMessagesParams,
    body: clientReplyBody,
    response: clientMessageSchema,
    status: 201,
    tag,
  }),
  /**
   * An answer with a photo or a file: a multipart form, the file in `file` and an optional caption
   * in `text` (clientFileCaption) before it. JPEG, PNG and WebP up to 10 MB go as a photo, the rest
   * as a document (docs/product.md §5.9).
   */
  sendFile: endpoint({
    method: 'POST',
    path: `${messages}/file`,
    params: clientMessagesParams,
    upload: { field: 'file' },
    response: clientMessageSchema,
    status: 201,
    tag,
  }),
  /** Marks the client's messages read for the caller; answers his unread total. */
  markRead: endpoint({ method: 'PUT', path: `${messages}/read`, params: clientMessagesParams, response: inboxUnreadAnswer, tag }),
  /** A photo or document the client sent, as it came (always as an attachment). */
  file: fileEndpoint({ path: `${messages}/:messageId/file`, params: clientMessageParams, tag }),
  /** Sends a failed answer again. */
  retry: endpoint({
    method: 'POST',
    path: `${messages}/:messageId/retry`,
    params: clientMessageParams,
    response: clientMessageSchema,
    tag,
  }),
};
