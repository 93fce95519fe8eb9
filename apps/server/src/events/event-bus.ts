import type { AppDeps, EventDispatch, Tx } from '../deps.js';
import type { Feature } from '../feature.js';
import type { DomainEvent } from './domain-events.js';

/** Dispatches domain events to the handlers the features declare, in feature order. */
export function createEventBus(features: readonly Feature[]): EventDispatch {
  return {
    async inTransaction(tx: Tx, event: DomainEvent) {
      for (const feature of features) await feature.inTransaction?.[event.kind]?.(tx, event);
    },
    async afterCommit(deps: AppDeps, event: DomainEvent) {
      for (const feature of features) {
        const handler = feature.afterCommit?.[event.kind];
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
