import { describe, expect, it } from 'vitest';
import type { AppDeps, Tx } from '../deps.js';
import type { Feature } from '../feature.js';
import type { DomainEvent } from './domain-events.js';
import { createEventBus } from './event-bus.js';

const move = (clientId: number): DomainEvent<'client_category_changed'> => ({
  kind: 'client_category_changed',
  projectId: 1,
  actorId: 1,
  subjectType: 'client',
  subjectId: clientId,
  message: `moved ${clientId}`,
  data: { clientId, managerId: 1, fromCategoryId: 1, toCategoryId: 2, automatic: false },
});
const created = (clientId: number): DomainEvent<'client.created'> => ({
  kind: 'client.created',
  projectId: 1,
  actorId: 1,
  subjectType: 'client',
  subjectId: clientId,
  message: `created ${clientId}`,
  data: { clientId, managerId: 1, categoryId: 1 },
});

/**
 * Events given together (a bulk action's batch) reach a feature that handles their kind as a set
 * in one call, and one that handles them one by one in turn, feature by feature
 * (docs/architecture.md, "Events").
 */
describe('events given together', () => {
  const calls: string[] = [];
  const sets: Feature = {
    name: 'sets',
    inTransactionMany: {
      client_category_changed: async (_tx, events) => {
        calls.push(`sets: ${events.map((e) => e.data.clientId).join(',')}`);
      },
    },
    inTransaction: {
      'client.created': async (_tx, event) => {
        calls.push(`sets one: created ${event.data.clientId}`);
      },
    },
    afterCommitMany: {
      client_category_changed: async () => {
        throw new Error('a failing reaction');
      },
    },
  };
  const single: Feature = {
    name: 'single',
    inTransaction: {
      client_category_changed: async (_tx, event) => {
        calls.push(`single: ${event.data.clientId}`);
      },
    },
    afterCommit: {
      client_category_changed: async (_deps, event) => {
        calls.push(`after: ${event.data.clientId}`);
      },
    },
  };
  const bus = createEventBus([sets, single]);

  it('a set handler gets the kind once with all its events; a single one each in order', async () => {
    calls.length = 0;
    await bus.inTransaction({} as Tx, [move(1), created(7), move(2), move(3)]);
    expect(calls).toEqual(['sets: 1,2,3', 'sets one: created 7', 'single: 1', 'single: 2', 'single: 3']);
    calls.length = 0;
    await bus.inTransaction({} as Tx, [move(4)]);
    expect(calls).toEqual(['sets: 4', 'single: 4']);
  });

  it('after the commit, a failed set reaction is logged and the others still run', async () => {
    calls.length = 0;
    const logged: unknown[] = [];
    const deps = { log: { error: (what: unknown) => logged.push(what) } } as unknown as AppDeps;
    await bus.afterCommit(deps, [move(1), move(2)]);
    expect(calls).toEqual(['after: 1', 'after: 2']);
    expect(logged).toHaveLength(1);
  });
});
