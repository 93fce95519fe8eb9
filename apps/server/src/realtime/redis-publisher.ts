import { Redis } from 'ioredis';
import type { Publisher, RealtimeListener, RealtimeMessage } from './publisher.js';

type Log = { warn(obj: object, msg: string): void };

/**
 * The publisher across server instances: a message published on any instance reaches the
 * listeners of every instance through Redis pub/sub. One connection publishes, one subscribes;
 * a Redis channel is subscribed while this instance has a listener on it. Redis keeps nothing:
 * a page that was away catches up by refetching (docs/product.md §8.3).
 */
export async function createRedisPublisher(url: string, log: Log, prefix = 'crm:'): Promise<Publisher> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2 } as const;
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  for (const [name, conn] of [
    ['publish', pub],
    ['subscribe', sub],
  ] as const) {
    conn.on('error', (err: Error) => log.warn({ err, connection: name }, 'redis connection error'));
  }
  await Promise.all([pub.connect(), sub.connect()]);
  // ioredis resubscribes by itself after a reconnect; what was published meanwhile is lost.
  const gapListeners: (() => void)[] = [];
  sub.on('ready', () => {
    for (const listener of gapListeners) listener();
  });

  const channels = new Map<string, Set<RealtimeListener>>();
  // The SUBSCRIBE of each channel, awaited by every listener that joins it.
  const subscribing = new Map<string, Promise<unknown>>();
  sub.on('message', (redisChannel: string, text: string) => {
    const listeners = channels.get(redisChannel.slice(prefix.length));
    if (!listeners) return;
    const message = JSON.parse(text) as RealtimeMessage;
    for (const listener of listeners) {
      try {
        listener(message);
      } catch {
        // One broken page connection must not stop the others.
      }
    }
  });

  return {
    async publish(channel, message) {
      await pub.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, listener) {
      let listeners = channels.get(channel);
      if (!listeners) {
        channels.set(channel, (listeners = new Set()));
        subscribing.set(channel, sub.subscribe(prefix + channel));
      }
      listeners.add(listener);
      const unsubscribe = () => {
        listeners.delete(listener);
        if (listeners.size > 0 || channels.get(channel) !== listeners) return;
        channels.delete(channel);
        subscribing.delete(channel);
        sub
          .unsubscribe(prefix + channel)
          .catch((err: unknown) => log.warn({ err, channel }, 'redis unsubscribe failed'));
      };
      try {
        await subscribing.get(channel);
      } catch (err) {
        unsubscribe();
        throw err;
      }
      return unsubscribe;
    },
    onGap(listener) {
      gapListeners.push(listener);
    },
    async close() {
      channels.clear();
      await Promise.all([pub.quit(), sub.quit()]).catch(() => undefined);
    },
  };
}
