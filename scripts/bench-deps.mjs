// The benchmarks' own packages (bench/package.json: autocannon, Lighthouse) install on first use,
// not with the root `npm ci`: running and testing the app never needs them.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const lock = new URL('../bench/package-lock.json', import.meta.url);
const installed = new URL('../bench/node_modules/.package-lock.json', import.meta.url);
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  execFileSync('npm', ['ci', '--prefix', 'bench', '--no-audit', '--no-fund', '--loglevel=error'], {
    stdio: 'inherit',
    cwd: new URL('..', import.meta.url),
  });
}
