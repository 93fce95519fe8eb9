import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import type { Job } from './job.js';
import { createScheduler } from './scheduler.js';

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
    const slow: Job = {
      name: 'test.slow',
      intervalMs: 1_000,
      run: () => new Promise((resolve) => (release = () => resolve(1))),
    };
    const a = createScheduler(t.deps, [slow], 'instance-a');
    const b = createScheduler(t.deps, [slow], 'instance-b');
    const first = a.runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    t.clock.advance(5_000);
    // Held by a: b skips it although it is due.
    expect(await b.runDue()).toEqual({});
    release();
    expect(await first).toEqual({ 'test.slow': 1 });

    // A lease whose holder died is taken over once it has run out (5 minutes).
    await t.db
      .updateTable('job_leases')
      .set({ locked_by: 'dead', locked_until: new Date(t.clock.now().getTime() + 300_000).toISOString() })
      .where('name', '=', 'test.slow')
      .execute();
    t.clock.advance(10_000);
    expect(await b.runDue()).toEqual({});
    t.clock.advance(300_000);
    const again = b.runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
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

  it('refuses two jobs with one name', () => {
    expect(() => createScheduler(t.deps, [job('a'), job('b')])).toThrow(/Two jobs are named test.count/);
  });
});
