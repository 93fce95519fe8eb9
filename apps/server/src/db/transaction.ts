import type { AppDeps, Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Runs `work` in one database transaction. Events recorded or emitted inside reach the
 * in-transaction handlers at once (their writes commit or roll back with the work) and the
 * after-commit handlers once the transaction has committed.
 */
export async function transaction<T>(deps: AppDeps, work: (tx: Tx) => Promise<T>): Promise<T> {
  const committed: DomainEvent[] = [];
  const result = await deps.db.transaction().execute(async (trx) => {
    const tx: Tx = {
      db: trx,
      deps,
      now: deps.clock.now(),
      async record(event) {
        await trx
          .insertInto('history_events')
          .values({
            project_id: event.projectId,
            actor_id: event.actorId,
            impersonator_id: event.impersonatorId ?? null,
            kind: event.kind,
            subject_type: event.subjectType,
            subject_id: event.subjectId ?? null,
            message: event.message,
            before: json(event.before),
            after: json(event.after),
            created_at: deps.clock.now().toISOString(),
          })
          .execute();
        await tx.emit(event);
      },
      async emit(event) {
        await deps.events.inTransaction(tx, event);
        committed.push(event);
      },
    };
    return work(tx);
  });
  for (const event of committed) await deps.events.afterCommit(deps, event);
  return result;
}
