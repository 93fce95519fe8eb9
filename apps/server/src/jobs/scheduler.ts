import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.js';
import type { Job } from './job.js';
import './jobs.tables.js';

/** How long an instance may hold a job before another may take it over (a crash mid-pass). */
const LEASE_MS = 5 * 60_000;

export type Scheduler = {
  /** Checks for due jobs every `tickMs` until stopped. */
  start(tickMs?: number): void;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
  /** One pass: every job due at the clock's time that no other instance holds; handled counts by job. */
  runDue(): Promise<Record<string, number>>;
};

/**
 * Runs the features' jobs on an interval. Nothing is kept in memory: a job's lease lives in
 * `job_leases`, taken by one conditional UPDATE, so with several instances on one database each
 * job runs on one of them at a time, and at most once per interval across all of them.
 */
export function createScheduler(deps: AppDeps, jobs: readonly Job[], instanceId: string = randomUUID()): Scheduler {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    names.add(job.name);
  }
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  async function claim(job: Job, now: Date): Promise<boolean> {
    const at = now.toISOString();
    await deps.db
      .insertInto('job_leases')
      .values({ name: job.name, locked_by: null, locked_until: null, next_run_at: at, last_run_at: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const taken = await deps.db
      .updateTable('job_leases')
      .set({ locked_by: instanceId, locked_until: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where('name', '=', job.name)
      .where('next_run_at', '<=', at)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  async function release(job: Job, now: Date) {
    await deps.db
      .updateTable('job_leases')
      .set({
        locked_by: null,
        locked_until: null,
        last_run_at: now.toISOString(),
        next_run_at: new Date(now.getTime() + job.intervalMs).toISOString(),
      })
      .where('name', '=', job.name)
      .where('locked_by', '=', instanceId)
      .execute();
  }

  async function runDue() {
    const handled: Record<string, number> = {};
    for (const job of jobs) {
      const now = deps.clock.now();
      if (!(await claim(job, now))) continue;
      try {
        handled[job.name] = await job.run(deps, now);
      } catch (err) {
        deps.log.error({ err, job: job.name }, 'job failed');
      } finally {
        await release(job, now);
      }
    }
    return handled;
  }

  return {
    start(tickMs = 1000) {
      if (timer || jobs.length === 0) return;
      timer = setInterval(() => {
        if (running) return;
        running = runDue()
          .catch((err: unknown) => deps.log.error({ err }, 'scheduler pass failed'))
          .finally(() => (running = null));
      }, tickMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    runDue,
  };
}
