import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import type { AppDeps } from '../deps.js';
import type { Job } from './job.js';
import './jobs.tables.js';

/**
 * How long a lease lasts unless its holder renews it. A holder renews it every `HEARTBEAT_MS`
 * while the job runs, so only a holder that stopped (a crash, a frozen machine) lets it run out;
 * a holder on this machine whose process is gone is taken over at once (see `holderIsGone`).
 */
export const LEASE_MS = 30_000;
export const HEARTBEAT_MS = 10_000;

export type Scheduler = {
  /** Checks for due jobs every `tickMs` until stopped. */
  start(tickMs?: number): void;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
  /** One pass: every job due at the clock's time that no other instance holds; handled counts by job. */
  runDue(): Promise<Record<string, number>>;
};

export type SchedulerOptions = {
  /** How often a running job's lease is renewed; tests shorten it. */
  heartbeatMs?: number;
};

/**
 * The processes that can see each other's pids: this machine's boot and pid namespace on Linux
 * (two containers may share a hostname, e.g. with host networking, but not a pid namespace), the
 * host name elsewhere. Null when it cannot be told: then no lease is taken over before it runs out.
 */
function processSpace(): string | null {
  const host = hostname().replaceAll(':', '_');
  if (process.platform !== 'linux') return host;
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const namespace = readlinkSync('/proc/self/ns/pid');
    return `${host}/${createHash('sha256').update(`${boot} ${namespace}`).digest('hex').slice(0, 12)}`;
  } catch {
    return null;
  }
}

const space = processSpace();
/** Tells this process from an earlier one that had its pid (a container restarted in place is pid 1 again). */
const processNonce = randomBytes(4).toString('hex');
let schedulersMade = 0;

/** A new lease holder of this process: `<process space>:<pid>:<process nonce>:<n>`. */
export function newHolderId(): string {
  schedulersMade += 1;
  return `${space ?? `${hostname().replaceAll(':', '_')}/?`}:${process.pid}:${processNonce}:${schedulersMade}`;
}

/**
 * Whether the holder a lease names is a process of this machine that no longer runs: same
 * process space, and either this pid with another nonce (an earlier process) or a pid that does
 * not exist (ESRCH; EPERM means it exists under another user). Holders elsewhere, or named
 * otherwise, are never judged gone: their lease runs out instead.
 */
export function holderIsGone(lockedBy: string): boolean {
  if (space === null) return false;
  const parts = lockedBy.split(':');
  if (parts.length < 4) return false;
  const [pidText, nonce] = parts.slice(-3, -1) as [string, string];
  if (parts.slice(0, -3).join(':') !== space || !/^[1-9]\d*$/.test(pidText)) return false;
  const pid = Number(pidText);
  if (pid === process.pid) return nonce !== processNonce;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Runs the features' jobs on an interval. Nothing is kept in memory: a job's lease lives in
 * `job_leases`, taken by one conditional UPDATE, so with several instances on one database each
 * job runs on one of them at a time, and at most once per interval across all of them.
 */
export function createScheduler(
  deps: AppDeps,
  jobs: readonly Job[],
  instanceId: string = newHolderId(),
  { heartbeatMs = HEARTBEAT_MS }: SchedulerOptions = {},
): Scheduler {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    names.add(job.name);
  }
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const until = (now: Date) => new Date(now.getTime() + LEASE_MS).toISOString();

  async function claim(job: Job, now: Date): Promise<boolean> {
    const at = now.toISOString();
    await deps.db
      .insertInto('job_leases')
      .values({ name: job.name, locked_by: null, locked_until: null, next_run_at: at, last_run_at: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const taken = await deps.db
      .updateTable('job_leases')
      .set({ locked_by: instanceId, locked_until: until(now) })
      .where('name', '=', job.name)
      .where('next_run_at', '<=', at)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return true;
    // Held and due: a holder of this machine whose process is gone (kill -9, a crash) is taken
    // over now; the UPDATE names it, so of two instances taking over only one gets it.
    const lease = await deps.db
      .selectFrom('job_leases')
      .select(['locked_by', 'next_run_at'])
      .where('name', '=', job.name)
      .executeTakeFirst();
    if (!lease?.locked_by || lease.next_run_at > at || !holderIsGone(lease.locked_by)) return false;
    const takenOver = await deps.db
      .updateTable('job_leases')
      .set({ locked_by: instanceId, locked_until: until(now) })
      .where('name', '=', job.name)
      .where('locked_by', '=', lease.locked_by)
      .where('next_run_at', '<=', at)
      .executeTakeFirst();
    if (Number(takenOver.numUpdatedRows) !== 1) return false;
    deps.log.warn({ job: job.name, holder: lease.locked_by }, 'job lease taken over from a process that is gone');
    return true;
  }

  /** Renews the job's lease every `heartbeatMs` while it runs; the returned stop waits for a renewal under way. */
  function keepLease(job: Job): () => Promise<void> {
    let renewing: Promise<void> = Promise.resolve();
    const renew = async () => {
      const renewed = await deps.db
        .updateTable('job_leases')
        .set({ locked_until: until(deps.clock.now()) })
        .where('name', '=', job.name)
        .where('locked_by', '=', instanceId)
        .executeTakeFirst();
      if (Number(renewed.numUpdatedRows) !== 1) {
        deps.log.warn({ job: job.name }, 'job lease lost while the job runs (it stopped renewing for longer than the lease)');
      }
    };
    const heartbeat = setInterval(() => {
      renewing = renewing
        .then(renew)
        .catch((err: unknown) => deps.log.error({ err, job: job.name }, 'job lease renewal failed'));
    }, heartbeatMs);
    heartbeat.unref();
    return async () => {
      clearInterval(heartbeat);
      await renewing;
    };
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
      const stopRenewing = keepLease(job);
      try {
        handled[job.name] = await job.run(deps, now);
      } catch (err) {
        deps.log.error({ err, job: job.name }, 'job failed');
      } finally {
        await stopRenewing();
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
