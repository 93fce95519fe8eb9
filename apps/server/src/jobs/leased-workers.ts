import type { AppDeps } from '../deps.js';
import { HEARTBEAT_MS, holderIsGone, LEASE_MS, newHolderId } from './scheduler.js';

/** A row with work and a lease of its own (an import, a bulk action). */
export type LeasedRow = { id: number; locked_by: string | null; locked_until: string | null };

export type LeasedWork<R extends LeasedRow> = {
  /** For the log. */
  name: string;
  /** The rows with work to do, held or not (a live holder is told from a gone one here). */
  candidates(deps: AppDeps): Promise<R[]>;
  /** Before the lease: false skips the row this pass (e.g. a queued row another pass promoted). */
  prepare?(deps: AppDeps, row: R): Promise<boolean>;
  /** Takes the row for `holder` until `until` if free (or held by `takeOver`): one conditional UPDATE. */
  lease(
    deps: AppDeps,
    id: number,
    holder: string,
    at: string,
    until: string,
    takeOver: string | null,
  ): Promise<boolean>;
  renew(deps: AppDeps, id: number, holder: string, until: string): Promise<unknown>;
  release(deps: AppDeps, id: number): Promise<unknown>;
  /** The work itself, from where the last committed batch left it; its failure is the caller's to record. */
  work(deps: AppDeps, id: number): Promise<void>;
};

/**
 * Workers for rows that each carry a lease (docs/architecture.md "background work"): a scheduler
 * pass starts one beside the passes for each row no live worker holds, renews its lease while it
 * runs, and releases it at the end; a worker that died (a restart, a crash) lets it run out, or is
 * seen gone on this machine, and the next pass goes on from the last committed batch.
 */
export function leasedWorkers<R extends LeasedRow>(spec: LeasedWork<R>) {
  const working = new Map<number, Promise<void>>();
  const holder = newHolderId();

  async function workOn(deps: AppDeps, id: number) {
    const heartbeat = setInterval(() => {
      const until = new Date(deps.clock.now().getTime() + LEASE_MS).toISOString();
      spec
        .renew(deps, id, holder, until)
        .catch((err: unknown) => deps.log.error({ err, id }, `${spec.name} lease renewal failed`));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      await spec.work(deps, id);
    } finally {
      clearInterval(heartbeat);
      await spec.release(deps, id);
    }
  }

  return {
    /** One pass: answers how many workers it started. */
    async run(deps: AppDeps, now: Date): Promise<number> {
      let started = 0;
      const at = now.toISOString();
      for (const row of await spec.candidates(deps)) {
        if (working.has(row.id)) continue;
        const held = row.locked_until !== null && row.locked_until > at;
        const takeOver = held && row.locked_by && holderIsGone(row.locked_by) ? row.locked_by : null;
        if (held && !takeOver) continue;
        if (spec.prepare && !(await spec.prepare(deps, row))) continue;
        const until = new Date(now.getTime() + LEASE_MS).toISOString();
        if (!(await spec.lease(deps, row.id, holder, at, until, takeOver))) continue;
        const work = workOn(deps, row.id).finally(() => working.delete(row.id));
        working.set(row.id, work);
        started += 1;
      }
      return started;
    },
    /** Waits for this process's workers (tests; a shutdown). */
    async done() {
      while (working.size > 0) await Promise.all([...working.values()]);
    },
  };
}
