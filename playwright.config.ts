import { defineConfig, devices } from '@playwright/test';
import playwrightPackage from '@playwright/test/package.json' with { type: 'json' };

const playwrightVersion = playwrightPackage.version;

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Each worker tests against a server of its own on port PORT + its parallel index (e2e/test.ts).
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Chromium keeps only the last `--disable-features` it is given, so ours repeats Playwright's own
 * list (its `chromiumSwitches`, as of the version below) and adds the omnibox popups: every new
 * window (each test's context) loads them as web pages in a renderer of their own, a third of the
 * renderers' CPU in the tests (docs/decisions.md, "CI time").
 */
const PLAYWRIGHT_VERSION = '1.65';
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];
if (!playwrightVersion.startsWith(`${PLAYWRIGHT_VERSION}.`)) {
  throw new Error(
    `Playwright ${playwrightVersion}: copy its disabledFeatures (chromiumSwitches) into DISABLED_FEATURES and set PLAYWRIGHT_VERSION`,
  );
}

/**
 * Browser tests against the real built server (run `npm run build` first) on a fresh SQLite
 * file with the demo project seeded. Debian's Chromium is used: Playwright cannot download
 * its own browsers here.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // The tests of a file run in order on one worker: some change the worker's demo project for a
  // moment (a field made required, a client moved), which only that worker's server sees.
  fullyParallel: false,
  workers: WORKERS,
  // On CI a failed test runs once more: a pass then is reported as flaky (and gets looked at),
  // a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Two workers share two cores with their browsers and servers: a long test takes longer than
  // alone, and the limit is a safety net, not a measure of speed.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    screenshot: 'only-on-failure',
    // A trace records every action's snapshots while the test runs, which costs CPU whether it
    // fails or not: on CI only a failed test's retry records one (docs/decisions.md, "CI time").
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            `--disable-features=${DISABLED_FEATURES.join(',')}`,
          ],
        },
      },
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: 'node --import tsx e2e/start-server.ts',
    url: `http://localhost:${PORT + index}/api/health`,
    env: { E2E_PORT: String(PORT + index) },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
