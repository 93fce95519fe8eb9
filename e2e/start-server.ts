// Starts the real built server for the browser tests on a fresh SQLite file, so every run
// begins from the same state: an empty database plus the seeded demo project. Beside it run a
// real SMTP server that keeps each message as JSON in e2e/.data/mail (the tests read them there)
// and a local OpenID provider standing in for Google, and a local OpenAI-compatible model for the
// AI chat (E2E_LLM=off leaves the chat unconfigured instead).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMailbox } from '../apps/server/src/test/test-mailbox.js';
import { startTestLlmServer } from '../apps/server/src/test/test-llm-server.js';
import { startOidcProvider, TEST_CLIENT } from '../apps/server/src/test/test-oidc-provider.js';
import { startTestTelegram } from '../apps/server/src/test/test-telegram-server.js';

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

// A Telegram Bot API for this worker's server, with one bot the tests connect (its token in a file).
const telegram = await startTestTelegram();
writeFileSync(`${dataDir}telegram.json`, JSON.stringify({ ...telegram.addBot('crm_e2e_bot'), url: telegram.url }));

/**
 * The model's reply: a few words at a time, slow enough to watch them arrive. A message that
 * asks for a long answer ('подробно') gets one that takes about 20 s, for the stop button.
 */
const llm =
  process.env.E2E_LLM === 'off'
    ? null
    : await startTestLlmServer((request) => {
        const asked = request.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
        if (/подробно/i.test(asked)) {
          const words = Array.from({ length: 100 }, (_, i) => `слово${i + 1} `);
          return { pieces: ['Подробный ответ:\n', ...words], delayMs: 200 };
        }
        return {
          pieces: ['Здравствуйте! ', 'Вот ', 'короткий ', 'ответ ', 'модели.\n', 'Вторая строка.'],
          delayMs: 150,
        };
      });

// E2E_SERVER=source runs the server from its TypeScript (no server build needed); E2E_WEB_DIST
// serves a web build made elsewhere (`vite build --outDir …`).
const serverArgs =
  process.env.E2E_SERVER === 'source'
    ? ['--import', 'tsx', 'apps/server/src/main.ts']
    : ['--enable-source-maps', 'apps/server/dist/main.js'];
// Without the local model, a key of the shell running the tests must not configure the chat either.
if (!llm) delete process.env.OPENAI_API_KEY;
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
    ...(llm ? { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: llm.url } : {}),
    // The webhook test's receiver listens on this machine.
    WEBHOOKS_ALLOW_PRIVATE: '1',
    // A lead form may be sent a second after it is shown (a person needs more; the test does not).
    LEAD_FORM_MIN_FILL_MS: '1000',
    TELEGRAM_API_URL: telegram.url,
    SECRETS_KEY: 'e2e-secrets-key-0123456789',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});

// Playwright stops the web server with a signal: pass it on so the database closes cleanly.
const stop = (signal: NodeJS.Signals) => {
  server.kill(signal);
  void mailbox.close();
  void google.close();
  void llm?.close();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
