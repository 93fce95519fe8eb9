// `npm run bench:web`: builds once, starts the built server on a fresh SQLite file with the
// demo, and runs Lighthouse (Debian's Chromium) on the sign-in page and the signed-in pages,
// mobile and desktop; prints the scores, LCP, TBT, CLS and the JavaScript each route transfers.
// Not part of CI and not a test: figures to read and compare.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
const allPages = [
  { path: '/login', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/clients', signedIn: true },
  { path: '/client_form', signedIn: true },
  { path: '/client-category-setting', signedIn: true },
  { path: '/statistics', signedIn: true },
];
/** BENCH_WEB_PAGES=/,/login measures only those pages (all of them by default). */
const only = process.env.BENCH_WEB_PAGES?.split(',');
const pages = only ? allPages.filter((p) => only.includes(p.path)) : allPages;
/** BENCH_WEB_REPORTS=<folder> keeps each run's Lighthouse report there, to read what it saw. */
const reportsDir = process.env.BENCH_WEB_REPORTS;

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

type Figures = { perf: number; a11y: number; lcp: number; tbt: number; cls: number; jsKb: number };

/** BENCH_WEB_RUNS=5 runs each page that many times and prints each run and their medians. */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 1);
/** BENCH_WEB_FORMS=mobile measures only that form factor. */
const forms = (['mobile', 'desktop'] as const).filter(
  (form) => !process.env.BENCH_WEB_FORMS || process.env.BENCH_WEB_FORMS.split(',').includes(form),
);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const medianOf = (rows: Figures[]): Figures => ({
  perf: median(rows.map((r) => r.perf)),
  a11y: median(rows.map((r) => r.a11y)),
  lcp: median(rows.map((r) => r.lcp)),
  tbt: median(rows.map((r) => r.tbt)),
  cls: median(rows.map((r) => r.cls)),
  jsKb: median(rows.map((r) => r.jsKb)),
});

const print = (path: string, label: string, f: Figures) =>
  console.log(
    path.padEnd(11),
    label.padEnd(11),
    String(Math.round(f.perf)).padStart(4),
    String(Math.round(f.a11y)).padStart(5),
    String(Math.round(f.lcp)).padStart(8),
    String(Math.round(f.tbt)).padStart(8),
    f.cls.toFixed(3).padStart(6),
    f.jsKb.toFixed(1).padStart(8),
  );

async function main() {
  // BENCH_WEB_NO_BUILD=1 measures the build already in the dist folders (one edited by hand, say).
  if (process.env.BENCH_WEB_NO_BUILD !== '1') {
    console.log('Building…');
    if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' }).status !== 0)
      throw new Error('build failed');
  }
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

    /** One cold Lighthouse run of a page (the storage is kept, the cache is not). */
    async function measure(path: string, form: 'mobile' | 'desktop', index: number): Promise<Figures> {
      await cdp.send('Network.clearBrowserCache');
      const flags: Flags = {
        port: DEBUG_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Keep the token in localStorage between runs.
        disableStorageReset: true,
      };
      const run = () => lighthouse(`${base}${path}`, flags, form === 'desktop' ? desktopConfig : undefined);
      let result = await run();
      // A run whose trace failed (NO_NAVSTART, seen on a fresh browser's first page) has no figures.
      for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry += 1) result = await run();
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      if (result.lhr.runtimeError)
        throw new Error(`Lighthouse on ${path}: ${result.lhr.runtimeError.message}`);
      // A page that sent Lighthouse elsewhere (to /login, say) was not the page measured.
      const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
      if (landed !== path) throw new Error(`Lighthouse on ${path} ended on ${landed}`);
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        const name = `${path === '/' ? 'home' : path.slice(1)}-${form}-${index + 1}.json`;
        writeFileSync(join(reportsDir, name), JSON.stringify(result.lhr));
      }
      const { categories, audits } = result.lhr;
      const requests =
        (audits['network-requests']?.details as { items?: { resourceType?: string; url: string }[] })
          ?.items ?? [];
      return {
        perf: Math.round((categories.performance?.score ?? 0) * 100),
        a11y: Math.round((categories.accessibility?.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
        tbt: audits['total-blocking-time']?.numericValue ?? 0,
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
        jsKb:
          requests
            .filter((r) => r.resourceType === 'Script')
            .reduce((sum, r) => sum + servedBytes(r.url), 0) / 1024,
      };
    }

    console.log(
      '\npage'.padEnd(12),
      'form'.padEnd(11),
      'perf',
      ' a11y',
      '  LCP ms',
      '  TBT ms',
      '   CLS',
      '  JS KB (brotli, served)',
    );
    for (const { path, signedIn } of pages) {
      await page.goto(`${base}/favicon.svg`);
      // A returning user: the app remembers his token and the project he worked in last (the
      // app stores both; a first run would otherwise differ from the runs after it).
      await page.evaluate(
        (t) => {
          localStorage.clear();
          if (t) localStorage.setItem('token', t);
          if (t) localStorage.setItem('project_id', '1');
        },
        signedIn ? token : null,
      );
      for (const form of forms) {
        const rows: Figures[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          rows.push(await measure(path, form, i));
          if (RUNS > 1) print(path, `${form} ${i + 1}`, rows[rows.length - 1]!);
        }
        print(path, RUNS > 1 ? `${form} med` : form, medianOf(rows));
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
