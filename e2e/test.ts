// Every spec takes `test` and `expect` from here. Each Playwright worker has a server of its own
// (its own SQLite file with the seeded demo project, its own mailbox: playwright.config.ts), so
// workers run side by side and never see each other's changes; this points a worker's pages and
// API requests at its server. docs/decisions.md, "CI time".
import { test as base } from '@playwright/test';

export * from '@playwright/test';

/** The port of the server of the worker with this parallel index. */
export const workerPort = (parallelIndex: number) => Number(process.env.E2E_PORT ?? 3100) + parallelIndex;

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => use(`http://localhost:${workerPort(testInfo.parallelIndex)}`),
});
