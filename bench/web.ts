// `npm run bench:web`: builds once, starts the built server on a fresh SQLite file with the
// demo, and runs Lighthouse (Debian's Chromium) on the sign-in page and the signed-in pages,
// mobile and desktop; prints the scores, LCP, TBT, CLS and the JavaScript each route transfers.
// Not part of CI and not a test: figures to read and compare.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';

const root = new URL('..', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEBUG_PORT = 9333;
const PORT = 3960;
const base = `http://127.0.0.1:${PORT}`;
/** The pages measured; `signedIn` ones run with the demo admin's token in localStorage. */
const pages = [
  { path: '/login', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/clients', signedIn: true },
  { path: '/client_form', signedIn: true },
  { path: '/client-category-setting', signedIn: true },
  { path: '/statistics', signedIn: true },
];

/**
 * The bytes a script costs a first visit: its precompressed brotli file, as the server sends it
 * to a browser that accepts br. Lighthouse's own transfer sizes read 0 for what a previous run
 * left in the cache (storage is kept between runs for the token), which made the desktop column 0.
 */
const servedBytes = (url: string) => {
  const path = new URL(url).pathname;
  const file = join(root, 'apps/web/dist', path);
  if (!path.startsWith('/assets/') || !existsSync(file)) return 0;
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
};

async function main() {
  console.log('Building…');
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status !== 0) throw new Error('build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-web-'));
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATABASE_URL: `sqlite:${join(dataDir, 'web.sqlite')}`,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  // A persistent context is the browser's default one, which Lighthouse's tab opens in too: the
  // token put in its localStorage here is the one Lighthouse's page reads (a context from
  // newContext() is separate, and the "signed-in" pages then measured the way to /login).
  const profile = mkdtempSync(join(tmpdir(), 'crm-bench-web-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [`--remote-debugging-port=${DEBUG_PORT}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    for (let i = 0; i < 100 && !(await fetch(`${base}/api/health`).catch(() => null))?.ok; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const login = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'demo12345' }),
    });
    const token = ((await login.json()) as { response: { token: string } }).response.token;
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);

    console.log('\npage'.padEnd(12), 'form'.padEnd(8), 'perf', ' a11y', '  LCP ms', '  TBT ms', '   CLS', '  JS KB (brotli, served)');
    for (const { path, signedIn } of pages) {
      await page.goto(`${base}/favicon.svg`);
      await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), signedIn ? token : null);
      for (const form of ['mobile', 'desktop'] as const) {
        // Every run starts cold, as a first visit would (Lighthouse keeps the storage, for the token).
        await cdp.send('Network.clearBrowserCache');
        const flags: Flags = {
          port: DEBUG_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          // Keep the token in localStorage between runs.
          disableStorageReset: true,
        };
        const result = await lighthouse(`${base}${path}`, flags, form === 'desktop' ? desktopConfig : undefined);
        if (!result) throw new Error(`no Lighthouse result for ${path}`);
        // A page that sent Lighthouse elsewhere (to /login, say) was not the page measured.
        const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
        if (landed !== path) throw new Error(`Lighthouse on ${path} ended on ${landed}`);
        const { categories, audits } = result.lhr;
        const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; url: string }[] })?.items ?? [];
        const jsKb = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + servedBytes(r.url), 0) / 1024;
        console.log(
          path.padEnd(11),
          form.padEnd(8),
          String(Math.round((categories.performance?.score ?? 0) * 100)).padStart(4),
          String(Math.round((categories.accessibility?.score ?? 0) * 100)).padStart(5),
          String(Math.round(audits['largest-contentful-paint']?.numericValue ?? 0)).padStart(8),
          String(Math.round(audits['total-blocking-time']?.numericValue ?? 0)).padStart(8),
          (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padStart(6),
          jsKb.toFixed(1).padStart(8),
        );
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
