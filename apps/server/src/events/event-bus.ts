import type { AppDeps, EventDispatch, Tx } from '../deps.js';
import type { Feature } from '../feature.js';
import type { DomainEvent } from './domain-events.js';

/**
 * The handler a feature declares for the event's kind. Declared per kind (feature.ts), each takes
 * its own kind's event; TypeScript cannot tie the lookup's key to the event's type, hence the cast.
 */
const handlerOf = <C>(
  handlers: { [K in DomainEvent['kind']]?: (context: C, event: DomainEvent<K>) => Promise<void> } | undefined,
  event: DomainEvent,
) => handlers?.[event.kind] as ((context: C, event: DomainEvent) => Promise<void>) | undefined;

/** Dispatches domain events to the handlers the features declare, in feature order. */
export function createEventBus(features: readonly Feature[]): EventDispatch {
  return {
    async inTransaction(tx: Tx, event: DomainEvent) {
      for (const feature of features) await handlerOf(feature.inTransaction, event)?.(tx, event);
    },
    async signal(tx, kind, data) {
      for (const feature of features) {
        const handler = feature.onSignal?.[kind] as ((tx: Tx, data: unknown) => Promise<void>) | undefined;
        await handler?.(tx, data);
      }
    },
    async afterCommit(deps: AppDeps, event: DomainEvent) {
      for (const feature of features) {
        const handler = handlerOf(feature.afterCommit, event);
        if (!handler) continue;
        try {
          await handler(deps, event);
        } catch (err) {
          // The change is committed; a failed reaction must not turn it into an error answer.
          deps.log.error({ err, kind: event.kind, feature: feature.name }, 'after-commit handler failed');
        }
      }
    },
  };
}
