// Starts the real built server for the browser tests on a fresh SQLite file, so every run
// begins from the same state: an empty database plus the seeded demo project. Beside it run a
// real SMTP server that keeps each message as JSON in e2e/.data/mail (the tests read them there)
// and a local OpenID provider standing in for Google.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startOidcProvider, TEST_CLIENT } from '../apps/server/src/test/test-oidc-provider.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = fileURLToPath(new URL('./.data/', import.meta.url));
const mailDir = `${dataDir}mail/`;
const dbFile = `${dataDir}e2e.sqlite`;

for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbFile}${suffix}`, { force: true });
rmSync(`${dataDir}outbox`, { recursive: true, force: true });
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

const port = process.env.E2E_PORT ?? '3100';
const appUrl = `http://localhost:${port}`;

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received += 1;
        const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
        const file = `${mailDir}${String(received).padStart(5, '0')}.json`;
        writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }));
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const google = await startOidcProvider(`${appUrl}/login_data_processing`);

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    DATABASE_URL: 'sqlite:e2e/.data/e2e.sqlite',
    SEED_DEMO: '1',
    APP_URL: appUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    GOOGLE_CLIENT_ID: TEST_CLIENT.id,
    GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
    GOOGLE_ISSUER: google.issuer,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});

// Playwright stops the web server with a signal: pass it on so the database closes cleanly.
const stop = (signal: NodeJS.Signals) => {
  server.kill(signal);
  smtp.close(() => {});
  void google.close();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
