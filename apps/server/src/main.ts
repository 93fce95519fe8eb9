import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { seedDemo } from './demo/seed-demo.js';
import { createMailer } from './mail/mailer.js';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const handle = openDatabase(config.databaseUrl);
await migrateToLatest(handle.db);

const logger = pino({ level: config.logLevel });
const app = await buildApp(
  { db: handle.db, dialect: handle.dialect, config, mailer: createMailer(config, logger, true) },
  {
    logger,
    webDist: fileURLToPath(new URL('../../web/dist', import.meta.url)),
  },
);
app.addHook('onClose', () => handle.close());

if (config.seedDemo) {
  const accounts = await seedDemo(handle.db, config);
  if (accounts) {
    const lines = accounts.map((a) => `  ${a.email} / ${a.password}  (${a.role})`).join('\n');
    app.log.info(`Demo project seeded. Sign in at ${config.appUrl} with:\n${lines}`);
    console.log(`\nДемо-проект создан. Вход: ${config.appUrl}\n${lines}\n`);
  }
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests and closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
console.log(`CRM is listening on ${config.appUrl}`);
