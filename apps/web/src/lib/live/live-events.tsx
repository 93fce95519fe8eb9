import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { LiveEvent } from '@crm/contract';
import { useSession } from '@/lib/session-context';
import { appStorage } from '@/lib/storage';
import { useAfterFirstPaint } from '@/ui/use-after-first-paint';

type LiveType = LiveEvent['type'];
type Handler<T extends LiveType> = (event: Extract<LiveEvent, { type: T }>) => void;

/** Handlers by event type; the provider's stream hands each event to those of its type. */
export const createLiveHub = () => {
  const handlers = new Map<LiveType, Set<(event: LiveEvent) => void>>();
  return {
    subscribe<T extends LiveType>(type: T, handler: Handler<T>): () => void {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      const h = handler as (event: LiveEvent) => void;
      set.add(h);
      return () => set.delete(h);
    },
    emit(event: LiveEvent) {
      for (const handler of [...(handlers.get(event.type) ?? [])]) handler(event);
    },
  };
};
type LiveHub = ReturnType<typeof createLiveHub>;

const LiveContext = createContext<LiveHub | null>(null);

/**
 * After the stream was down, the answers about projects and the bell may be stale: invalidating
 * them refetches what the page shows (active queries) and marks the rest stale.
 */
export const catchUp = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'projects' || query.queryKey[0] === 'notifications',
  });

/**
 * The tab's live connection (docs/product.md §8.3) while someone is signed in: one stream, with
 * the token in the Authorization header. A new user or token opens a new stream; leaving the
 * signed-in layout (sign-out) closes it.
 */
export const LiveProvider = ({ children }: { children: ReactNode }) => {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const hub = useMemo(createLiveHub, []);
  const userId = user?.id ?? null;
  const token = appStorage.getToken();
  // The stream opens once the first page is drawn; what it would report is in that page's answers.
  const painted = useAfterFirstPaint();

  useEffect(() => {
    if (!painted || userId === null || token === null) return;
    let connection: { close: () => void } | null = null;
    let left = false;
    void import('./live-stream').then(({ openLiveStream }) => {
      if (left) return;
      connection = openLiveStream({
        onEvent: (event) => {
          // What comes from now on reaches the page; a browser test waits for this mark.
          if (event.type === 'ready') document.documentElement.dataset.live = 'ready';
          hub.emit(event);
        },
        onReconnect: () => void catchUp(queryClient),
      });
    });
    return () => {
      left = true;
      delete document.documentElement.dataset.live;
      connection?.close();
    };
  }, [painted, userId, token, hub, queryClient]);

  return <LiveContext.Provider value={hub}>{children}</LiveContext.Provider>;
};

/**
 * Calls `handler` for each live event of `type` (outside the provider: never). The latest handler
 * is used, so it may close over fresh state without resubscribing.
 */
export const useLiveEvent = <T extends LiveType>(type: T, handler: Handler<T>) => {
  const hub = useContext(LiveContext);
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!hub) return;
    return hub.subscribe(type, (event) => ref.current(event));
  }, [hub, type]);
};
