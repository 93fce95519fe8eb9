import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@crm/contract';
import { openLiveConnection, parseLiveEvent, type EventSourceLike, type FetchLike } from './live-connection';
import { QueryClient } from '@tanstack/react-query';
import { catchUp, createLiveHub } from './live-events';

type Listener = (event: { data?: unknown; code?: number }) => void;

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  listeners: Record<string, Listener[]> = {};
  constructor(
    readonly url: string,
    readonly fetch: FetchLike,
  ) {}
  addEventListener(type: string, listener: Listener) {
    (this.listeners[type] ??= []).push(listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  fire(type: string, event: { data?: unknown; code?: number } = {}) {
    for (const l of this.listeners[type] ?? []) l(event);
  }
  open() {
    this.readyState = 1;
    this.fire('open');
  }
  /** A dropped connection the library retries itself (readyState CONNECTING). */
  drop() {
    this.readyState = 0;
    this.fire('error');
  }
  /** A non-200 answer: the library gives up (readyState CLOSED). */
  fail(code: number) {
    this.readyState = 2;
    this.fire('error', { code });
  }
}

const setup = (token: string | null = 'id|secret') => {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const events: LiveEvent[] = [];
  const onReconnect = vi.fn();
  const fetch = vi.fn<FetchLike>(() => Promise.resolve(null));
  const connection = openLiveConnection({
    url: '/api/v1/events',
    getToken: () => token,
    createEventSource: (url, init) => {
      const source = new FakeSource(url, init.fetch);
      sources.push(source);
      return source;
    },
    fetch,
    onEvent: (event) => events.push(event),
    onReconnect,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
  });
  return { sources, timers, events, onReconnect, fetch, connection };
};

const ready = JSON.stringify({ type: 'ready', payload: { user_id: 7 } });

describe('parseLiveEvent', () => {
  it('reads a contract event and ignores anything else', () => {
    expect(parseLiveEvent(ready)).toEqual({ type: 'ready', payload: { user_id: 7 } });
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ type: 'unknown', payload: {} }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ type: 'notifications.changed', payload: {} }))).toBeNull();
    expect(parseLiveEvent(undefined)).toBeNull();
  });
});

describe('openLiveConnection', () => {
  it('sends the token in the Authorization header, never in the URL', async () => {
    const { sources, fetch } = setup('id|secret');
    expect(sources[0]?.url).toBe('/api/v1/events');
    await sources[0]?.fetch('/api/v1/events', { headers: { Accept: 'text/event-stream' } });
    expect(fetch).toHaveBeenCalledWith('/api/v1/events', {
      headers: { Accept: 'text/event-stream', Authorization: 'Bearer id|secret' },
    });
  });

  it('hands each parsed event over and skips malformed ones', () => {
    const { sources, events } = setup();
    sources[0]?.open();
    sources[0]?.fire('message', { data: ready });
    sources[0]?.fire('message', { data: '{"type":"nope"}' });
    expect(events).toEqual([{ type: 'ready', payload: { user_id: 7 } }]);
  });

  it('catches up after the library reconnected, not on the first open', () => {
    const { sources, onReconnect } = setup();
    sources[0]?.open();
    expect(onReconnect).not.toHaveBeenCalled();
    sources[0]?.drop();
    sources[0]?.open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(sources).toHaveLength(1);
  });

  it('opens a new stream after the library gave up, with a growing pause, and catches up', () => {
    const { sources, timers, onReconnect } = setup();
    sources[0]?.open();
    sources[0]?.fail(502);
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    timers[0]?.run();
    expect(sources).toHaveLength(2);
    sources[1]?.fail(502);
    expect(timers.map((t) => t.ms)).toEqual([2000, 4000]);
    timers[1]?.run();
    sources[2]?.open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('stops on a 401 and closes the stream on close()', () => {
    const first = setup();
    first.sources[0]?.fail(401);
    expect(first.timers).toHaveLength(0);

    const second = setup();
    second.connection.close();
    expect(second.sources[0]?.closed).toBe(true);
  });
});

describe('createLiveHub', () => {
  it('calls the handlers of the event type until they unsubscribe', () => {
    const hub = createLiveHub();
    const seen: string[] = [];
    const off = hub.subscribe('notifications.changed', (e) => seen.push(`n${e.payload.project_id}`));
    hub.subscribe('ready', (e) => seen.push(`r${e.payload.user_id}`));
    hub.emit({ type: 'notifications.changed', payload: { project_id: 3 } });
    off();
    hub.emit({ type: 'notifications.changed', payload: { project_id: 4 } });
    hub.emit({ type: 'ready', payload: { user_id: 1 } });
    expect(seen).toEqual(['n3', 'r1']);
  });
});

describe('catchUp', () => {
  it("invalidates the projects' and the bell's answers, not the session's", async () => {
    const client = new QueryClient();
    const keys = [
      ['projects', 1, 'conversations', 'list'],
      ['notifications', 1, 'unread-count'],
      ['user'],
      ['auth', 'config'],
    ];
    for (const key of keys) client.setQueryData(key, { any: true });
    await catchUp(client);
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, false, false]);
  });
});
