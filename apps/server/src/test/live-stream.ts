import { EventSource } from 'eventsource';
import { LIVE_EVENTS_PATH, liveEventSchema, type LiveEvent } from '@crm/contract';

/**
 * A page's live connection in a test: the `eventsource` client the web uses, with the token in
 * the Authorization header. `next` waits for the first event (from now on) that matches.
 */
export function openLiveStream(origin: string, token: string | null) {
  const events: LiveEvent[] = [];
  const waiters: { match: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
  const source = new EventSource(`${origin}${LIVE_EVENTS_PATH}`, {
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...init?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
  });
  let failures = 0;
  source.addEventListener('error', () => {
    failures += 1;
  });
  source.addEventListener('message', (message) => {
    const event = liveEventSchema.parse(JSON.parse(message.data));
    events.push(event);
    for (const waiter of [...waiters]) {
      if (!waiter.match(event)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  });
  const next = <T extends LiveEvent['type']>(
    type: T,
    match: (e: Extract<LiveEvent, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ) =>
    new Promise<Extract<LiveEvent, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({
        match: (e) => e.type === type && match(e as Extract<LiveEvent, { type: T }>),
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e as Extract<LiveEvent, { type: T }>);
        },
      });
    });
  const ready = next('ready');
  // Awaited by the tests that need it; an unawaited timeout must not fail another test.
  ready.catch(() => {});
  return {
    events,
    next,
    ready,
    get closed() {
      return source.readyState === EventSource.CLOSED;
    },
    get failures() {
      return failures;
    },
    close: () => source.close(),
  };
}

/** Polls `check` until it holds; answers how long that took (ms), or throws after `timeoutMs`. */
export async function within(timeoutMs: number, check: () => Promise<boolean> | boolean) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return performance.now() - started;
}
