import type { AppDeps, EventDispatch, Tx } from '../deps.js';
import type { Feature } from '../feature.js';
import type { DomainEvent } from './domain-events.js';

type Handlers<C> = { [K in DomainEvent['kind']]?: (context: C, event: DomainEvent<K>) => Promise<void> };
type ManyHandlers<C> = {
  [K in DomainEvent['kind']]?: (context: C, events: DomainEvent<K>[]) => Promise<void>;
};

/**
 * The handler a feature declares for the event's kind. Declared per kind (feature.ts), each takes
 * its own kind's event; TypeScript cannot tie the lookup's key to the event's type, hence the cast.
 */
const handlerOf = <C>(handlers: Handlers<C> | undefined, kind: DomainEvent['kind']) =>
  handlers?.[kind] as ((context: C, event: DomainEvent) => Promise<void>) | undefined;
const manyHandlerOf = <C>(handlers: ManyHandlers<C> | undefined, kind: DomainEvent['kind']) =>
  handlers?.[kind] as ((context: C, events: DomainEvent[]) => Promise<void>) | undefined;

/** The events by kind, kinds in the order they first come, events in their order. */
const byKind = (events: readonly DomainEvent[]) => {
  const groups = new Map<DomainEvent['kind'], DomainEvent[]>();
  for (const event of events) {
    const group = groups.get(event.kind);
    if (group) group.push(event);
    else groups.set(event.kind, [event]);
  }
  return groups;
};

/**
 * Runs one feature's handlers of these events: a kind it handles as a set (`…Many`) gets all of
 * that kind's events in one call, a kind it handles one by one gets each in turn.
 */
async function runFeature<C>(
  single: Handlers<C> | undefined,
  many: ManyHandlers<C> | undefined,
  context: C,
  groups: Map<DomainEvent['kind'], DomainEvent[]>,
  each: (run: () => Promise<void>) => Promise<void>,
) {
  for (const [kind, events] of groups) {
    const all = manyHandlerOf(many, kind);
    if (all) {
      await each(() => all(context, events));
      continue;
    }
    const one = handlerOf(single, kind);
    if (one) for (const event of events) await each(() => one(context, event));
  }
}

/**
 * Dispatches domain events to the handlers the features declare, in feature order. Events given
 * together (a bulk action's batch, a scheduler pass) reach each feature together: feature by
 * feature, kind by kind (docs/architecture.md, "Events").
 */
export function createEventBus(features: readonly Feature[]): EventDispatch {
  return {
    async inTransaction(tx: Tx, events: readonly DomainEvent[]) {
      if (events.length === 0) return;
      const groups = byKind(events);
      for (const feature of features)
        await runFeature(feature.inTransaction, feature.inTransactionMany, tx, groups, (run) => run());
    },
    async signal(tx, kind, data) {
      for (const feature of features) {
        const handler = feature.onSignal?.[kind] as ((tx: Tx, data: unknown) => Promise<void>) | undefined;
        await handler?.(tx, data);
      }
    },
    async afterCommit(deps: AppDeps, events: readonly DomainEvent[]) {
      if (events.length === 0) return;
      const groups = byKind(events);
      for (const feature of features) {
        await runFeature(feature.afterCommit, feature.afterCommitMany, deps, groups, async (run) => {
          try {
            await run();
          } catch (err) {
            // The change is committed; a failed reaction must not turn it into an error answer.
            deps.log.error({ err, feature: feature.name }, 'after-commit handler failed');
          }
        });
      }
    },
  };
}
