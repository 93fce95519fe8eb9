import { EventSource, type EventSourceInit } from 'eventsource';
import { LIVE_EVENTS_PATH, type LiveEvent } from '@crm/contract';
import { appStorage } from '@/lib/storage';
import { openLiveConnection, type EventSourceFactory, type FetchLike } from './live-connection';

// The library's fetch types are narrower than ours; the wrapper only adds a header to its call.
const createEventSource: EventSourceFactory = (url, init) =>
  new EventSource(url, init as unknown as EventSourceInit);
const browserFetch: FetchLike = (url, init) => fetch(url, init as RequestInit);

/**
 * The browser's stream to the server, with the stored token. A chunk of its own, loaded once the
 * signed-in layout has rendered: the EventSource library and the events' schemas (zod) would
 * otherwise be part of what a phone downloads and runs before the first paint.
 */
export const openLiveStream = (handlers: { onEvent: (event: LiveEvent) => void; onReconnect: () => void }) =>
  openLiveConnection({
    url: LIVE_EVENTS_PATH,
    getToken: () => appStorage.getToken(),
    createEventSource,
    fetch: browserFetch,
    ...handlers,
  });
