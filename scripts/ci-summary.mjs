// Prints one closing line for CI, "N passed, N failed", from the Vitest and Playwright JSON reports.
import { existsSync, readFileSync } from 'node:fs';

const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
const vitest = read('reports/vitest.json');
const playwright = read('reports/playwright.json');

let passed = 0;
let failed = 0;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || !vitest || !playwright ? 1 : 0);
