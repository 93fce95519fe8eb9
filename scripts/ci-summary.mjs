// Prints one closing line for CI, "N passed, N failed", from the Vitest and Playwright JSON
// reports (Vitest writes one per Node version it ran on).
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
for (const vitest of vitestReports) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || vitestReports.length === 0 || !playwright ? 1 : 0);
