// `npm run bench`: starts the built server on a fresh SQLite file and a bare Fastify route in
// separate processes, drives each with autocannon, prints requests/s, p99 and the ratio to bare.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { scenarios } from './scenarios.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = new URL('..', import.meta.url).pathname;
const children: ChildProcess[] = [];

function start(args: string[], env: Record<string, string>, ready: RegExp) {
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    children.push(child);
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
}

async function measure(url: string, options: { method?: string; headers?: Record<string, string>; body?: string }) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    method: (options.method ?? 'GET') as 'GET',
    headers: options.headers,
    body: options.body,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  console.log('Building the server…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@crm/server'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('server build failed');

  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-'));
  const port = 3900 + Math.floor(Math.random() * 50);
  await start(
    [join(root, 'apps/server/dist/main.js')],
    { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${join(dataDir, 'bench.sqlite')}`, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
    /CRM is listening/,
  );
  const [, barePort] = await start(['--import', 'tsx', join(root, 'bench/bare-server.ts')], {}, /READY (\d+)/);

  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo12345' }),
  });
  const token = ((await login.json()) as { response: { token: string } }).response.token;

  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s each, server on SQLite\n`);
  const bare = await measure(`http://127.0.0.1:${barePort}/bare`, {});
  const rows = [{ name: 'bare Fastify route', ...bare }];
  for (const s of scenarios) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (s.auth) headers.authorization = `Bearer ${token}`;
    const body = s.body === undefined ? undefined : JSON.stringify(s.body);
    rows.push({ name: s.name, ...(await measure(`${base}${s.path}`, { method: s.method, headers, body })) });
  }

  console.log('scenario'.padEnd(40), 'req/s'.padStart(10), 'p99 ms'.padStart(8), 'vs bare'.padStart(9));
  for (const row of rows) {
    console.log(
      row.name.padEnd(40),
      row.rps.toFixed(0).padStart(10),
      row.p99.toFixed(1).padStart(8),
      `${((row.rps / bare.rps) * 100).toFixed(0)}%`.padStart(9),
    );
  }
  const user = rows.find((r) => r.name.startsWith('GET /api/v1/user ('));
  if (user) {
    const ratio = user.rps / bare.rps;
    console.log(`\nGoal: authenticated GET /api/v1/user at ≥ 50% of the bare route: ${(ratio * 100).toFixed(0)}% ${ratio >= 0.5 ? '(met)' : '(NOT met)'}`);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });
