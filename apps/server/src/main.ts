import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { collectMigrations } from './db/migrations/index.js';
import type { AppDeps } from './deps.js';
import { seedDemo } from './demo/seed-demo.js';
import { createEventBus } from './events/event-bus.js';
import { createAccessCache } from './identity/access-cache.js';
import { features } from './features.js';
import { createScheduler } from './jobs/scheduler.js';
import { systemClock } from './lib/clock.js';
import { createLanguageModel } from './llm/language-model.js';
import { createFileStore } from './storage/file-store.js';
import { createMailer } from './mail/mailer.js';
import { createPublisher } from './realtime/create-publisher.js';

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
const handle = openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize });
await migrateToLatest(handle.db, collectMigrations(features));

// A person at a terminal reads one human line per event; log collectors get JSON lines, written
// asynchronously so a request never waits on stdout. Pending lines go in chunks of at most 4 KB
// (a pipe's atomic write): sonic-boom measures the pending chunk on every line, and at its default
// 16 KB that cost about 2 µs of a 24 µs request under load.
const logger = process.stdout.isTTY
  ? pino({
      level: config.logLevel,
      transport: {
        target: 'pino-pretty',
        options: { ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' },
      },
    })
  : pino({ level: config.logLevel }, pino.destination({ dest: 1, sync: false, maxWrite: 4096 }));
const publisher = await createPublisher(config, logger);
const deps: AppDeps = {
  db: handle.db,
  dialect: handle.dialect,
  config,
  log: logger,
  clock: systemClock,
  mailer: createMailer(config, { log: logger, clock: systemClock, printLinks: true }),
  publisher,
  access: await createAccessCache(publisher),
  languageModel: createLanguageModel(config),
  files: createFileStore(config),
  events: createEventBus(features),
};
const app = await buildApp(deps, features, {
  logger,
  webDist: config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
});
const scheduler = createScheduler(
  deps,
  features.flatMap((feature) => feature.jobs ?? []),
);
app.addHook('onClose', async () => {
  await scheduler.stop();
  await deps.publisher.close();
  await handle.close();
});

if (config.seedDemo) {
  const accounts = await seedDemo(deps, features);
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
      () => logger.flush(() => process.exit(0)),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
scheduler.start();
console.log(`CRM is listening on ${config.appUrl}`);
