// Starts the real built server for the browser tests on a fresh SQLite file, so every run
// begins from the same state: an empty database plus the seeded demo project. Beside it run a
// real SMTP server that keeps each message as JSON in e2e/.data/mail (the tests read them there)
// and a local OpenID provider standing in for Google.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMailbox } from '../apps/server/src/test/test-mailbox.js';
import { startOidcProvider, TEST_CLIENT } from '../apps/server/src/test/test-oidc-provider.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.E2E_PORT ?? '3100';
// One folder per port, so runs on different ports (E2E_PORT) never share a database or mail.
const dataDir = fileURLToPath(new URL(`./.data/${port}/`, import.meta.url));
const mailDir = `${dataDir}mail/`;
const dbFile = `${dataDir}e2e.sqlite`;

for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbFile}${suffix}`, { force: true });
rmSync(`${dataDir}outbox`, { recursive: true, force: true });
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

const appUrl = `http://localhost:${port}`;

let received = 0;
const mailbox = await startMailbox((mail) => {
  received += 1;
  const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
  const file = `${mailDir}${String(received).padStart(5, '0')}.json`;
  writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }));
});

const google = await startOidcProvider(`${appUrl}/login_data_processing`);

// E2E_SERVER=source runs the server from its TypeScript (no server build needed); E2E_WEB_DIST
// serves a web build made elsewhere (`vite build --outDir …`).
const serverArgs =
  process.env.E2E_SERVER === 'source' ? ['--import', 'tsx', 'apps/server/src/main.ts'] : ['--enable-source-maps', 'apps/server/dist/main.js'];
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    DATABASE_URL: `sqlite:${dbFile}`,
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    SEED_DEMO: '1',
    APP_URL: appUrl,
    SMTP_URL: mailbox.url,
    GOOGLE_CLIENT_ID: TEST_CLIENT.id,
    GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
    GOOGLE_ISSUER: google.issuer,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});

// Playwright stops the web server with a signal: pass it on so the database closes cleanly.
const stop = (signal: NodeJS.Signals) => {
  server.kill(signal);
  void mailbox.close();
  void google.close();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
