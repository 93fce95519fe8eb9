import { describe, expect, it } from 'vitest';
import { createInProcessPublisher, type RealtimeMessage } from './publisher.js';

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
