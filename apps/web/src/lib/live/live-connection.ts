import { liveEventSchema, type LiveEvent } from '@crm/contract';

/** The part of an EventSource the connection uses; tests hand in a fake. */
export type EventSourceLike = {
  readonly readyState: number;
  addEventListener(
    type: 'open' | 'message' | 'error',
    listener: (event: { data?: unknown; code?: number }) => void,
  ): void;
  close(): void;
};

export type FetchLike = (
  url: string | URL,
  init: { headers?: Record<string, string> } & Record<string, unknown>,
) => Promise<unknown>;

export type EventSourceFactory = (url: string, init: { fetch: FetchLike }) => EventSourceLike;

type Options = {
  url: string;
  /** Read afresh at each (re)connection, so a reconnect carries the current token. */
  getToken: () => string | null;
  createEventSource: EventSourceFactory;
  fetch: FetchLike;
  onEvent: (event: LiveEvent) => void;
  /** The stream opened again after it dropped: what was missed in between must be fetched. */
  onReconnect: () => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

const CLOSED = 2;
/** Waits before opening a new stream after the library gave up (non-200 answer), doubling to a minute. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** One message's data as a live event, or null for anything the contract does not know. */
export const parseLiveEvent = (data: unknown): LiveEvent | null => {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
};

/**
 * The tab's one event stream. The library reconnects by itself after a dropped connection; it
 * gives up for good on a non-200 answer (a restart behind a proxy answers 502), so then a new
 * stream is opened after a growing pause. A 401 stops it: the token is gone and the next API call
 * sends the user to sign in.
 */
export const openLiveConnection = (options: Options): { close: () => void } => {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let closed = false;
  let everOpened = false;
  let dropped = false;
  let retryMs = RETRY_FIRST_MS;

  const authorizedFetch: FetchLike = (url, init) => {
    const token = options.getToken();
    return options.fetch(url, {
      ...init,
      headers: { ...(init.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  };

  const connect = () => {
    timer = null;
    if (closed) return;
    const es = options.createEventSource(options.url, { fetch: authorizedFetch });
    source = es;
    es.addEventListener('open', () => {
      if (source !== es) return;
      retryMs = RETRY_FIRST_MS;
      if (everOpened && dropped) options.onReconnect();
      everOpened = true;
      dropped = false;
    });
    es.addEventListener('message', (event) => {
      if (source !== es) return;
      const live = parseLiveEvent(event.data);
      if (live) options.onEvent(live);
    });
    es.addEventListener('error', (event) => {
      if (source !== es) return;
      dropped = true;
      if (es.readyState !== CLOSED || closed) return; // the library retries by itself
      source = null;
      if (event.code === 401) return;
      timer = setTimer(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    });
  };

  connect();
  return {
    close: () => {
      closed = true;
      if (timer !== null) clearTimer(timer);
      source?.close();
      source = null;
    },
  };
};
