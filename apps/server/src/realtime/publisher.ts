/**
 * Pushes to open pages. Features publish after commit (a new chat message, a notification) to a
 * channel such as `project:7` or `user:3`; the server's event stream subscribes for each open
 * page. In-process here; with REDIS_URL a Redis implementation of the same type carries the
 * messages across server instances.
 */
export type RealtimeMessage = { type: string; payload: unknown };
export type RealtimeListener = (message: RealtimeMessage) => void;

export type Publisher = {
  publish(channel: string, message: RealtimeMessage): Promise<void>;
  /**
   * Resolves, once every message published from then on will reach the listener, to the
   * function that unsubscribes.
   */
  subscribe(channel: string, listener: RealtimeListener): Promise<() => void>;
  /**
   * Calls `listener` after messages may have been lost (Redis reconnected): whoever caches on
   * the strength of messages forgets what it holds.
   */
  onGap(listener: () => void): void;
  close(): Promise<void>;
};

export function createInProcessPublisher(): Publisher {
  const channels = new Map<string, Set<RealtimeListener>>();
  return {
    async publish(channel, message) {
      for (const listener of channels.get(channel) ?? []) {
        try {
          listener(message);
        } catch {
          // One broken page connection must not stop the others.
        }
      }
    },
    async subscribe(channel, listener) {
      let listeners = channels.get(channel);
      if (!listeners) channels.set(channel, (listeners = new Set()));
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) channels.delete(channel);
      };
    },
    onGap() {
      // Nothing is lost within one process.
    },
    async close() {
      channels.clear();
    },
  };
}
