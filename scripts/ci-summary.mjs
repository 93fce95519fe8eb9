// Prints one closing line for CI, "N passed, N flaky, N failed", from the Vitest and Playwright
// JSON reports (Vitest writes one per Node version it ran on), then each flaky browser test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
const vitestReports = existsSync('reports')
  ? readdirSync('reports')
      .filter((name) => /^vitest.*\.json$/.test(name))
      .map((name) => read(`reports/${name}`))
  : [];
const playwright = read('reports/playwright.json');

let passed = 0;
let failed = 0;
let flaky = 0;
for (const vitest of vitestReports) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
/** The browser tests that passed only on their retry, by title: bugs to fix, not passes. */
const flakyTitles = [];
const walk = (suite, path) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'flaky') flakyTitles.push(`${spec.file}: ${[...path, spec.title].join(' › ')}`);
    }
  }
  for (const child of suite.suites ?? [])
    walk(child, suite.title && !suite.file ? [...path, suite.title] : path);
};
if (playwright) {
  passed += playwright.stats.expected;
  flaky += playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  for (const suite of playwright.suites ?? []) walk(suite, []);
}
console.log(`${passed} passed, ${flaky} flaky (passed only on retry), ${failed} failed`);
for (const title of flakyTitles) console.log(`flaky: ${title}`);
process.exit(failed > 0 || vitestReports.length === 0 || !playwright ? 1 : 0);
