// `npm start`: builds what is missing or older than its sources, then runs the server
// (migrations at start, demo project on an empty database, web app on the same port).
import './check-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const at = (p) => join(root, p);

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function buildIfStale(workspace, output, sources) {
  const built = newest(output);
  if (built > 0 && built >= Math.max(...sources.map((s) => newest(at(s))))) return;
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const contract = ['packages/contract/src'];
buildIfStale('@crm/web', at('apps/web/dist/index.html'), [
  'apps/web/src',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/login.html',
  'apps/web/vite.config.ts',
  ...contract,
]);
buildIfStale('@crm/server', at('apps/server/dist/main.js'), ['apps/server/src', ...contract]);

const server = spawn(process.execPath, ['--enable-source-maps', at('apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
