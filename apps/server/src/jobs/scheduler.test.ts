import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { collectMigrations } from '../db/migrations/index.js';
import type { AppDeps } from '../deps.js';
import { buildTestApp, testDialect, type TestApp } from '../test/test-app.js';
import type { Job } from './job.js';
import { LEASE_MS, createScheduler, holderIsGone, newHolderId } from './scheduler.js';

describe('the scheduler', () => {
  let t: TestApp;
  const runs: { instance: string; at: string }[] = [];
  const job = (instance: string): Job => ({
    name: 'test.count',
    intervalMs: 60_000,
    run: async (_deps: AppDeps, now: Date) => {
      runs.push({ instance, at: now.toISOString() });
      return 1;
    },
  });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('runs a due job once per interval across instances, by the clock', async () => {
    const a = createScheduler(t.deps, [job('a')], 'instance-a');
    const b = createScheduler(t.deps, [job('b')], 'instance-b');
    t.clock.set('2026-11-23T10:00:00Z');

    expect(await a.runDue()).toEqual({ 'test.count': 1 });
    // Another instance at the same moment: the job is not due again before its interval.
    expect(await b.runDue()).toEqual({});
    // Set, not advanced: the test clock runs with real time, and a slow machine must not count.
    t.clock.set('2026-11-23T10:00:59Z');
    expect(await b.runDue()).toEqual({});
    t.clock.set('2026-11-23T10:01:01Z');
    expect(await b.runDue()).toEqual({ 'test.count': 1 });
    expect(runs.map((r) => r.instance)).toEqual(['a', 'b']);
  });

  it('never runs one job on two instances at once; a lease left by a crash expires', async () => {
    t.clock.set('2026-11-24T10:00:00Z');
    let release: () => void = () => {};
    // Resolves when a run has begun (its lease is taken): what the other instance then meets.
    let begun: () => void = () => {};
    const running = () => new Promise<void>((resolve) => (begun = resolve));
    const slow: Job = {
      name: 'test.slow',
      intervalMs: 1_000,
      run: () =>
        new Promise((resolve) => {
          release = () => resolve(1);
          begun();
        }),
    };
    const a = createScheduler(t.deps, [slow], 'instance-a');
    const b = createScheduler(t.deps, [slow], 'instance-b');
    let started = running();
    const first = a.runDue();
    await started;
    t.clock.advance(5_000);
    // Held by a: b skips it although it is due.
    expect(await b.runDue()).toEqual({});
    release();
    expect(await first).toEqual({ 'test.slow': 1 });

    // A lease whose holder stopped renewing it (another machine, frozen or dead) is taken over
    // once it has run out: 30 seconds, not 5 minutes.
    expect(LEASE_MS).toBe(30_000);
    await t.db
      .updateTable('job_leases')
      .set({ locked_by: 'dead', locked_until: new Date(t.clock.now().getTime() + LEASE_MS).toISOString() })
      .where('name', '=', 'test.slow')
      .execute();
    t.clock.advance(10_000);
    expect(await b.runDue()).toEqual({});
    t.clock.advance(LEASE_MS);
    started = running();
    const again = b.runDue();
    await started;
    release();
    expect(await again).toEqual({ 'test.slow': 1 });
  });

  it('a failing job is logged and released, and runs again at its next time', async () => {
    t.clock.set('2026-11-25T10:00:00Z');
    let calls = 0;
    const failing: Job = {
      name: 'test.failing',
      intervalMs: 1_000,
      run: async () => {
        calls += 1;
        throw new Error('boom');
      },
    };
    const s = createScheduler(t.deps, [failing], 'instance-a');
    expect(await s.runDue()).toEqual({});
    t.clock.advance(1_500);
    await s.runDue();
    expect(calls).toBe(2);
  });

  it("renews a running job's lease, so a live holder keeps it past the first lease's end", async () => {
    t.clock.set('2026-11-26T10:00:00Z');
    let release: () => void = () => {};
    const slow: Job = {
      name: 'test.renewed',
      intervalMs: 1_000,
      run: () => new Promise((resolve) => (release = () => resolve(1))),
    };
    const a = createScheduler(t.deps, [slow], 'instance-a', { heartbeatMs: 10 });
    const b = createScheduler(t.deps, [slow], 'instance-b');
    const lease = () =>
      t.db.selectFrom('job_leases').selectAll().where('name', '=', 'test.renewed').executeTakeFirstOrThrow();
    const first = a.runDue();
    await vi.waitFor(async () => expect((await lease()).locked_by).toBe('instance-a'));
    const claimedUntil = Date.parse((await lease()).locked_until!);

    // 25 s on: the heartbeat renews the lease from the clock's time, 30 s ahead again.
    t.clock.advance(LEASE_MS - 5_000);
    await vi.waitFor(async () =>
      expect(Date.parse((await lease()).locked_until!)).toBeGreaterThanOrEqual(
        claimedUntil + LEASE_MS - 5_000,
      ),
    );
    // Past the end of the lease as first taken: still a's.
    t.clock.advance(10_000);
    expect(await b.runDue()).toEqual({});
    release();
    expect(await first).toEqual({ 'test.renewed': 1 });
    expect(await lease()).toMatchObject({ locked_by: null, locked_until: null });
  });

  it('takes over at once the lease of an earlier process with this pid, never one of this process', async () => {
    t.clock.set('2026-11-27T10:00:00Z');
    const restarted: Job = { name: 'test.restarted', intervalMs: 60_000, run: async () => 1 };
    const mine = newHolderId();
    // A container restarted in place: the same machine and pid namespace, the same pid, another process.
    const earlier = [...mine.split(':').slice(0, -2), 'e4a1e4a1', '1'].join(':');
    const now = t.clock.now().getTime();
    await t.db
      .insertInto('job_leases')
      .values({
        name: 'test.restarted',
        locked_by: mine,
        locked_until: new Date(now + LEASE_MS).toISOString(),
        next_run_at: new Date(now - 1_000).toISOString(),
        last_run_at: null,
      })
      .execute();
    expect(holderIsGone(mine)).toBe(false);
    expect(await createScheduler(t.deps, [restarted]).runDue()).toEqual({});

    await t.db
      .updateTable('job_leases')
      .set({ locked_by: earlier })
      .where('name', '=', 'test.restarted')
      .execute();
    expect(holderIsGone(earlier)).toBe(true);
    expect(await createScheduler(t.deps, [restarted]).runDue()).toEqual({ 'test.restarted': 1 });
    // Once per interval, as always.
    expect(await createScheduler(t.deps, [restarted]).runDue()).toEqual({});
  });

  describe('whether a holder is gone', () => {
    afterEach(() => vi.restoreAllMocks());
    const withPid = (pid: number) => {
      const parts = newHolderId().split(':');
      parts[parts.length - 3] = String(pid);
      return parts.join(':');
    };
    const failing = (code: string) => () => {
      throw Object.assign(new Error(`kill ${code}`), { code });
    };

    it('asks the system about a pid of this machine: only ESRCH is gone, EPERM is alive', () => {
      const kill = vi.spyOn(process, 'kill');
      kill.mockImplementation(failing('ESRCH'));
      expect(holderIsGone(withPid(424_242))).toBe(true);
      expect(kill).toHaveBeenCalledWith(424_242, 0);
      kill.mockImplementation(failing('EPERM'));
      expect(holderIsGone(withPid(424_242))).toBe(false);
      kill.mockImplementation(() => true);
      expect(holderIsGone(withPid(424_242))).toBe(false);
    });

    it('never judges a holder of another machine or pid namespace, or one named otherwise', () => {
      const kill = vi.spyOn(process, 'kill').mockImplementation(failing('ESRCH'));
      const parts = withPid(424_242).split(':');
      expect(holderIsGone(['other-host/0123456789ab', ...parts.slice(-3)].join(':'))).toBe(false);
      expect(holderIsGone('instance-a')).toBe(false);
      expect(holderIsGone('0b0e52e6-3a0b-4c64-9d5c-2f0b6c1a9e11')).toBe(false);
      expect(holderIsGone(parts.join(':').replace(':424242:', ':0:'))).toBe(false);
      expect(kill).not.toHaveBeenCalled();
    });
  });

  it('refuses two jobs with one name', () => {
    expect(() => createScheduler(t.deps, [job('a'), job('b')])).toThrow(/Two jobs are named test.count/);
  });
});

describe('a lease holder killed with SIGKILL', () => {
  const fixture = fileURLToPath(new URL('./lease-holder.fixtures.ts', import.meta.url));
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  let t: TestApp;
  let deps: AppDeps;
  let url: string;
  let cleanup = async () => {};
  const children: ReturnType<typeof spawn>[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    deps = t.deps;
    url = t.database.url;
    if (testDialect === 'sqlite') {
      // Two processes share an SQLite file, not the test's database in memory.
      const dir = mkdtempSync(join(tmpdir(), 'crm-lease-'));
      url = `sqlite:${join(dir, 'jobs.sqlite')}`;
      const handle = openDatabase(url);
      await migrateToLatest(handle.db, collectMigrations([]));
      deps = { ...t.deps, db: handle.db };
      cleanup = async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      };
    }
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await cleanup();
    await t.close();
  });

  // A minute: starting a second Node process with tsx takes seconds on a busy machine.
  it('keeps its lease while its process lives; once killed, a new scheduler takes the job over at once', async () => {
    const at = '2026-11-28T10:00:00Z';
    // Set before the holder starts: this clock is ahead of the holder's, so the job is due here too.
    t.clock.set(at);
    const schema = t.database.schema;
    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', fixture, url, at, ...(schema ? [schema] : [])],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(holder);
    const exited = once(holder, 'exit');
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('RUNNING')) resolve();
      };
      holder.stdout!.on('data', read);
      holder.stderr!.on('data', read);
      holder.once('exit', (code) => reject(new Error(`the holder exited with ${code}: ${out}`)));
    });
    const lease = await deps.db
      .selectFrom('job_leases')
      .selectAll()
      .where('name', '=', 'test.crash')
      .executeTakeFirstOrThrow();
    expect(lease.locked_by?.split(':').at(-3)).toBe(String(holder.pid));

    let runs = 0;
    const crash: Job = {
      name: 'test.crash',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        return 1;
      },
    };
    // Its pid is alive on this machine: the lease is not stolen.
    expect(await createScheduler(deps, [crash]).runDue()).toEqual({});

    holder.kill('SIGKILL');
    expect(await exited).toEqual([null, 'SIGKILL']);
    // No waiting for the lease to run out: its holder is gone.
    expect(await createScheduler(deps, [crash]).runDue()).toEqual({ 'test.crash': 1 });
    expect(await createScheduler(deps, [crash]).runDue()).toEqual({});
    expect(runs).toBe(1);
  }, 60_000);
});
