// `npm run bench`: starts the built server on a fresh SQLite file and a bare Fastify route in
// separate processes, drives each with autocannon, prints requests/s, p99 and the ratio to the bare
// route measured just before.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { measureFanout } from './fanout.js';
import { scenarios } from './scenarios.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** Both loads by default: a small team (10) and a busy one (50); BENCH_CONNECTIONS picks one. */
const LOADS = process.env.BENCH_CONNECTIONS ? [Number(process.env.BENCH_CONNECTIONS)] : [10, 50];
/** BENCH_SCENARIOS=health,team measures only the scenarios whose names contain one of those words. */
const picked = process.env.BENCH_SCENARIOS?.split(',');
const measured = picked ? scenarios.filter((s) => picked.some((word) => s.name.includes(word))) : scenarios;
const root = new URL('..', import.meta.url).pathname;
const children: ChildProcess[] = [];

/**
 * Starts a server and resolves with the first match of `ready` in its output. With `logFile` its
 * output goes to that file, read back only until the match: the load generator, in this process,
 * must not also be the server's log reader, or every request line costs the server's side twice
 * (at 50 connections the CRM writes ~8 MB of log a second).
 */
function start(args: string[], env: Record<string, string>, ready: RegExp, logFile?: string) {
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    const log = logFile === undefined ? undefined : openSync(logFile, 'w');
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: log === undefined ? 'pipe' : ['ignore', log, log],
    });
    if (log !== undefined) closeSync(log);
    children.push(child);
    let out = '';
    let started = false;
    const poll =
      logFile === undefined ? undefined : setInterval(() => onText(readFileSync(logFile, 'utf8')), 100);
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onText = (text: string) => {
      if (started) return;
      out = text;
      const match = out.match(ready);
      if (match) {
        started = true;
        clearTimeout(timer);
        clearInterval(poll);
        resolve(match);
      }
    };
    // Once started the piped output (the bare route's) is read and dropped, so the pipe never blocks.
    const onData = (chunk: Buffer) => onText(out + chunk.toString());
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
}

async function measure(
  connections: number,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
) {
  const result = await autocannon({
    url,
    connections,
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
    // The default log level (info): what a real start writes, one line per request.
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dataDir, 'bench.sqlite')}`,
      SEED_DEMO: '1',
      // The key's own pace would refuse a load generator: measured here is what a request costs.
      API_KEY_RATE_LIMIT: '1000000',
    },
    /CRM is listening/,
    join(dataDir, 'server.log'),
  );
  const [, barePort] = await start(
    ['--import', 'tsx', join(root, 'bench/bare-server.ts')],
    {},
    /READY (\d+)/,
  );

  const base = `http://127.0.0.1:${port}`;
  const signIn = async (email: string) => {
    const login = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo12345' }),
    });
    return ((await login.json()) as { response: { token: string } }).response.token;
  };
  const token = await signIn('demo@example.com');
  const keyAnswer = await fetch(`${base}/api/v1/projects/1/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Бенчмарк', scope: 'write' }),
  });
  const apiKey = ((await keyAnswer.json()) as { response: { key: string } }).response.key;

  for (const connections of LOADS) {
    console.log(
      `\nautocannon: ${connections} connections, ${DURATION_S} s each, server on SQLite, default log level\n`,
    );
    // The bare route is measured again just before each scenario: over one run it fell by a sixth
    // (72.7k to 61k req/s, same idle process), and a single measure at the start charged that
    // drift of the machine to the last scenarios.
    const measureBare = () => measure(connections, `http://127.0.0.1:${barePort}/bare`, {});
    const rows: { name: string; rps: number; p99: number; bare: number; goal?: number }[] = [];
    for (const s of measured) {
      const bare = await measureBare();
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (s.auth) headers.authorization = `Bearer ${s.auth === 'key' ? apiKey : token}`;
      const body = s.body === undefined ? undefined : JSON.stringify(s.body);
      const result = await measure(connections, `${base}${s.path}`, { method: s.method, headers, body });
      rows.push({ name: s.name, goal: s.goal, bare: bare.rps, ...result });
    }
    const bares = rows.map((row) => row.bare);
    console.log(
      `bare Fastify route: ${Math.min(...bares).toFixed(0)}-${Math.max(...bares).toFixed(0)} req/s over the run\n`,
    );
    console.log(
      'scenario'.padEnd(40),
      'req/s'.padStart(10),
      'p99 ms'.padStart(8),
      'bare'.padStart(8),
      'ratio'.padStart(7),
      'goal'.padStart(6),
    );
    for (const row of rows) {
      const ratio = row.rps / row.bare;
      const goal =
        row.goal === undefined ? '' : `${row.goal.toFixed(2)}${ratio >= row.goal ? ' ok' : ' MISSED'}`;
      console.log(
        row.name.padEnd(40),
        row.rps.toFixed(0).padStart(10),
        row.p99.toFixed(1).padStart(8),
        row.bare.toFixed(0).padStart(8),
        ratio.toFixed(2).padStart(7),
        goal.padStart(6),
      );
    }
  }

  // The demo's administrators watch the chat; its manager writes.
  const fanout = await measureFanout(base, 1, {
    manager: await signIn('manager@example.com'),
    admins: [token, await signIn('owner@example.com')],
  });
  console.log(
    `\nchat message fan-out to ${fanout.pages} open pages (${fanout.rounds} messages): until the last page has it p50 ${fanout.p50.toFixed(1)} ms, max ${fanout.max.toFixed(1)} ms`,
  );
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
