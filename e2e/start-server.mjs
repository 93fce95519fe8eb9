// Starts the real built server for the browser tests on a fresh SQLite file, so every run
// begins from the same state: an empty database plus the seeded demo project.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = fileURLToPath(new URL('./.data/', import.meta.url));
const dbFile = `${dataDir}e2e.sqlite`;

for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbFile}${suffix}`, { force: true });
rmSync(`${dataDir}outbox`, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const port = process.env.E2E_PORT ?? '3100';
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    DATABASE_URL: 'sqlite:e2e/.data/e2e.sqlite',
    SEED_DEMO: '1',
    APP_URL: `http://localhost:${port}`,
    OUTBOX_DIR: 'e2e/.data/outbox',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});

// Playwright stops the web server with a signal: pass it on so the database closes cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
