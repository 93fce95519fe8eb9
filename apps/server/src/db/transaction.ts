import type { AppDeps, Tx } from '../deps.js';
import type { DomainEvent } from '../events/domain-events.js';

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Runs `work` in one database transaction. Events recorded or emitted inside reach the
 * in-transaction handlers at once (their writes commit or roll back with the work) and the
 * after-commit handlers once the transaction has committed.
 */
/** History rows per INSERT when many are written at once (well under SQLite's variable limit). */
const HISTORY_CHUNK = 300;

export async function transaction<T>(deps: AppDeps, work: (tx: Tx) => Promise<T>): Promise<T> {
  const committed: DomainEvent[] = [];
  const onCommit: (() => Promise<void>)[] = [];
  const result = await deps.db.transaction().execute(async (trx) => {
    const historyRow = (event: DomainEvent) => ({
      project_id: event.projectId,
      actor_id: event.actorId,
      impersonator_id: event.impersonatorId ?? null,
      kind: event.kind,
      subject_type: event.subjectType,
      subject_id: event.subjectId ?? null,
      client_id: event.clientId ?? (event.subjectType === 'client' ? (event.subjectId ?? null) : null),
      message: event.message,
      before: json(event.before),
      after: json(event.after),
      created_at: deps.clock.now().toISOString(),
    });
    const tx: Tx = {
      db: trx,
      deps,
      now: deps.clock.now(),
      async record(event) {
        await trx.insertInto('history_events').values(historyRow(event)).execute();
        await tx.emit(event);
      },
      async recordAll(events) {
        for (let i = 0; i < events.length; i += HISTORY_CHUNK) {
          await trx
            .insertInto('history_events')
            .values(events.slice(i, i + HISTORY_CHUNK).map(historyRow))
            .execute();
        }
        await tx.emitAll(events);
      },
      async emit(event) {
        await tx.emitAll([event]);
      },
      async emitAll(events) {
        await deps.events.inTransaction(tx, events);
        committed.push(...events);
      },
      async signal(kind, data) {
        await deps.events.signal(tx, kind, data);
      },
      onCommit(task) {
        onCommit.push(task);
      },
    };
    return work(tx);
  });
  await deps.events.afterCommit(deps, committed);
  for (const task of onCommit) {
    try {
      await task();
    } catch (err) {
      deps.log.error({ err }, 'after-commit task failed');
    }
  }
  return result;
}
