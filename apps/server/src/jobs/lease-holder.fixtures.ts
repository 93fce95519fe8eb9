// A scheduler in a process of its own, for scheduler.test.ts to kill: it opens the test's
// database, takes the lease of `test.crash`, says RUNNING and blocks inside the job's run.
// node --import tsx lease-holder.fixtures.ts <database url> <clock time> [schema]
import { openDatabase } from '../db/database.js';
import type { AppDeps } from '../deps.js';
import { createTestClock } from '../lib/clock.js';
import { createScheduler } from './scheduler.js';

const [url, at, schema] = process.argv.slice(2);
if (!url || !at) throw new Error('usage: lease-holder.fixtures.ts <database url> <clock time> [schema]');
const handle = openDatabase(url, schema ? { schema, poolSize: 2 } : {});
const clock = createTestClock();
clock.set(at);
const log = { info: () => {}, warn: () => {}, error: () => {} };
// The scheduler and this job read only these.
const deps = { db: handle.db, dialect: handle.dialect, clock, log } as unknown as AppDeps;

const handled = await createScheduler(deps, [
  {
    name: 'test.crash',
    intervalMs: 60_000,
    run: () =>
      new Promise<number>(() => {
        // Never resolves; the timer keeps the process alive until it is killed.
        setInterval(() => {}, 60_000);
        process.stdout.write('RUNNING\n');
      }),
  },
]).runDue();
// Not reached unless the lease was not taken.
process.stdout.write(`NOT TAKEN ${JSON.stringify(handled)}\n`);
await handle.close();
