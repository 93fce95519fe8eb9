import { describe, expect, it } from 'vitest';
import { createInProcessPublisher, type RealtimeMessage } from './publisher.js';
import { createRedisPublisher } from './redis-publisher.js';

describe('the in-process publisher', () => {
  it('delivers to the subscribers of a channel only, until they unsubscribe', async () => {
    const publisher = createInProcessPublisher();
    const project: RealtimeMessage[] = [];
    const other: RealtimeMessage[] = [];
    const stop = await publisher.subscribe('project:1', (m) => project.push(m));
    await publisher.subscribe('project:2', (m) => other.push(m));

    await publisher.publish('project:1', { type: 'chat.message', payload: { id: 1 } });
    stop();
    await publisher.publish('project:1', { type: 'chat.message', payload: { id: 2 } });

    expect(project).toEqual([{ type: 'chat.message', payload: { id: 1 } }]);
    expect(other).toEqual([]);
  });

  it('one failing listener does not keep the message from the others', async () => {
    const publisher = createInProcessPublisher();
    const got: unknown[] = [];
    await publisher.subscribe('user:3', () => {
      throw new Error('closed connection');
    });
    await publisher.subscribe('user:3', (m) => got.push(m.payload));
    await publisher.publish('user:3', { type: 'notification', payload: 7 });
    expect(got).toEqual([7]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('the Redis publisher', () => {
  it('carries a message between two instances, to subscribed channels only, until unsubscribed', async () => {
    const prefix = `crm-test-${Math.random().toString(36).slice(2)}:`;
    const log = { warn: () => {} };
    const [one, two] = await Promise.all([
      createRedisPublisher(redisUrl!, log, prefix),
      createRedisPublisher(redisUrl!, log, prefix),
    ]);
    try {
      const got: RealtimeMessage[] = [];
      const arrived = new Promise<void>((resolve) => {
        void two.subscribe('user:1', (m) => {
          got.push(m);
          resolve();
        });
      });
      // subscribe() resolves once Redis has the subscription: wait for it before publishing.
      const stop = await two.subscribe('user:1', () => {});
      await one.publish('user:2', { type: 'x', payload: 0 });
      await one.publish('user:1', { type: 'chat.message', payload: { id: 1 } });
      await arrived;
      expect(got).toEqual([{ type: 'chat.message', payload: { id: 1 } }]);
      stop();
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
