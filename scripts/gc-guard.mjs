// A regression guard for native-module crashes under garbage collection: better-sqlite3 before
// 13 aborted Node ≥ 24.19 when a statement was collected outside JavaScript (an idle or
// background GC). In several rounds it starts the built server on a fresh SQLite file with a
// background major GC requested every few milliseconds, sends requests that prepare statements
// (sign-ins, reads, writes) in bursts with idle pauses between them, and fails unless every
// answer is right and the server is still up at the end of each round. Against the old module a
// single round caught the crash about three times in five; five rounds miss it about once in a
// hundred. Not a timing test: it counts answers, not speed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROUNDS = Number(process.env.GC_GUARD_ROUNDS ?? 5);
const REQUESTS_PER_ROUND = Number(process.env.GC_GUARD_REQUESTS ?? 600);
const BURST = 150;
const CONCURRENCY = 8;
const root = new URL('..', import.meta.url).pathname;
const backgroundGc = "data:text/javascript,setInterval(() => globalThis.gc({ type: 'major', execution: 'async' }), 5).unref();";

async function call(base, method, path, { token, body } = {}) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

async function round(number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-gc-guard-'));
  const port = 3950 + Math.floor(Math.random() * 40);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--expose-gc', '--import', backgroundGc, join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dataDir, 'guard.sqlite')}`,
      OUTBOX_DIR: join(dataDir, 'outbox'),
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  let exited = null;
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exit = new Promise((resolve) => server.on('exit', (code, signal) => resolve((exited = signal ?? code))));
  const fail = (message) => {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`round ${number}: ${message}\n${output.slice(-3000)}`);
  };

  for (let i = 0; ; i += 1) {
    if (exited !== null) fail(`the server exited (${exited}) before answering`);
    if (i === 300) fail('the server did not answer /api/health within 30 s');
    if ((await call(base, 'GET', '/health').catch(() => null))?.status === 200) break;
    await sleep(100);
  }
  const login = await call(base, 'POST', '/v1/login', { body: { email: 'demo@example.com', password: 'demo12345' } });
  if (login.status !== 200) fail(`demo sign-in answered ${login.status}`);
  const token = login.body.response.token;
  const projectId = (await call(base, 'GET', '/v1/user/projects', { token })).body.response[0].id;

  // Each kind of request with the statuses it may answer; the writes add rows.
  const kinds = [
    () => [call(base, 'GET', '/v1/user', { token }), [200]],
    () => [call(base, 'GET', `/v1/projects/${projectId}/statuses`, { token }), [200]],
    () => [call(base, 'GET', `/v1/projects/${projectId}/team`, { token }), [200]],
    () => [call(base, 'GET', `/v1/projects/${projectId}/invitations`, { token }), [200]],
    (i) => [call(base, 'POST', `/v1/projects/${projectId}/statuses`, { token, body: { name: `Уровень ${number}.${i}` } }), [201]],
  ];
  let sent = 0;
  const worker = async (until) => {
    while (sent < until) {
      const i = sent++;
      const [pending, expected] = kinds[i % kinds.length](i);
      const response = await pending.catch((error) => fail(`request ${i} got no answer (${error.cause?.code ?? error.message}); exit: ${exited}`));
      if (!expected.includes(response.status)) fail(`request ${i} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}`);
    }
  };
  while (sent < REQUESTS_PER_ROUND) {
    const until = Math.min(sent + BURST, REQUESTS_PER_ROUND);
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(until)));
    await sleep(300); // idle: the moment V8 likes to collect in the background
  }
  if (exited !== null) fail(`the server exited (${exited}) after ${sent} requests`);
  if ((await call(base, 'GET', '/health')).status !== 200) fail('/api/health failed at the end');

  server.kill('SIGTERM');
  const code = await exit;
  rmSync(dataDir, { recursive: true, force: true });
  if (code !== 0) fail(`the server shut down with ${code}`);
  return sent;
}

let total = 0;
try {
  for (let number = 1; number <= ROUNDS; number += 1) total += await round(number);
} catch (error) {
  console.error(`gc guard: FAILED on Node ${process.version}, ${error.message}`);
  process.exit(1);
}
console.log(`gc guard: ${ROUNDS} server starts, ${total} requests under forced background GC on Node ${process.version}: all answered, clean shutdowns`);
