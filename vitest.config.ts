import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];

// The server suite runs on SQLite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const serverProjects = [
  { name: 'server-sqlite', dialect: 'sqlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'server-postgres', dialect: 'postgres' }] : []),
].map(({ name, dialect }) => ({
  test: {
    name,
    include: serverTests,
    environment: 'node',
    env: { TEST_DIALECT: dialect },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // expect.poll waits up to a second by default: too little for a busy two-core machine to
    // finish a request; a passing poll still returns as soon as it holds.
    expect: { poll: { timeout: 10_000 } },
  },
}));

export default defineConfig({
  test: {
    // Most of a server test's time is spent waiting on a database or a socket, so three workers
    // keep a two-core machine busy (Vitest's default there is one). A worker runs file after
    // file without reloading the modules: each file still builds its own app on its own
    // database, and the suite took a quarter of the time (docs/decisions.md, "CI time").
    maxWorkers: Math.max(3, availableParallelism()),
    isolate: false,
    projects: [
      ...serverProjects,
      {
        // `@/…` is apps/web/src, as in apps/web/vite.config.ts.
        resolve: {
          alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }],
        },
        test: {
          name: 'web',
          include: [
            'apps/web/src/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
            'packages/contract/src/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
    ],
  },
});
