import { z } from 'zod';
import { clientMessageSchema } from './client-messages.js';
import { conversationMessageSchema } from './conversations.js';

// ---- live events: one authenticated server-sent event stream per tab (docs/product.md §8.3)

/**
 * The stream: `GET` with the `Authorization` header (never a token in the URL), answered as
 * `text/event-stream`. Each event's `data` is one `LiveEvent` as JSON, with an `id`; a comment
 * line keeps the connection open every LIVE_HEARTBEAT_MS. After a reconnect the page refetches
 * what it shows (the stream keeps no backlog).
 */
export const LIVE_EVENTS_PATH = '/api/v1/events';
export const LIVE_HEARTBEAT_MS = 25_000;
/** How soon a page reconnects after the stream ends (sent as the stream's `retry`). */
export const LIVE_RETRY_MS = 2_000;

export const liveEventSchema = z.discriminatedUnion('type', [
  /** The person's notifications changed in a project: the bell refetches. */
  z.object({ type: z.literal('notifications.changed'), payload: z.object({ project_id: z.number().int() }) }),
  /** A new message in a conversation the person takes part in (his own, or any, for an admin). */
  z.object({
    type: z.literal('conversation.message'),
    payload: z.object({ project_id: z.number().int(), message: conversationMessageSchema }),
  }),
  /** An admin removed the person from a project: the page says so and leaves it (docs/product.md §3.5). */
  z.object({
    type: z.literal('membership.ended'),
    payload: z.object({ project_id: z.number().int(), project_name: z.string() }),
  }),
  /**
   * Clients of a project changed (created, edited, moved, reassigned, deleted, a note added): sent
   * to the project's admins and to the managers concerned (the client's, and the one it left); open
   * boards and client panels read them again. `client_id` is null when many changed at once.
   */
  z.object({
    type: z.literal('clients.changed'),
    payload: z.object({ project_id: z.number().int(), client_id: z.number().int().nullable() }),
  }),
  /**
   * An import of the project moved on (a batch written, a status changed): sent to the project's
   * admins; an open import page reads it again, so its progress bar follows without polling.
   */
  z.object({
    type: z.literal('client_import.changed'),
    payload: z.object({ project_id: z.number().int(), import_id: z.number().int() }),
  }),
  /**
   * A bulk action on clients moved on (a batch done, finished): sent to the person who started it;
   * his open list follows its progress without polling, on whatever page he opens.
   */
  z.object({
    type: z.literal('client_bulk.changed'),
    payload: z.object({ project_id: z.number().int(), bulk_id: z.number().int() }),
  }),
  /**
   * A client's Telegram conversation changed: a message came in, an answer was queued, sent or
   * failed. Sent to the client's manager and the project's admins; open inboxes and client pages
   * put the message in place (by id), menus count it.
   */
  z.object({
    type: z.literal('client.message'),
    payload: z.object({ project_id: z.number().int(), client_id: z.number().int(), message: clientMessageSchema }),
  }),
  /** The stream is ready (sent first on each connection). */
  z.object({ type: z.literal('ready'), payload: z.object({ user_id: z.number().int() }) }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
