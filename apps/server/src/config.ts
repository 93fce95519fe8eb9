import { z } from 'zod';

const optionalUrl = z.string().url().optional();
const flag = (fallback: '0' | '1') =>
  z
    .enum(['0', '1', 'true', 'false'])
    .default(fallback)
    .transform((v) => v === '1' || v === 'true');

const databaseUrl = z
  .string()
  .default('sqlite:./data/crm.sqlite')
  .refine(
    (v) => v.startsWith('sqlite:') || v.startsWith('postgres://') || v.startsWith('postgresql://'),
    'ожидается sqlite:<путь>, sqlite::memory: или postgres://…',
  );

/**
 * Connections of one instance's PostgreSQL pool. 10 kept queries waiting for a connection with two
 * instances at 200 connections (issue 33); PostgreSQL allows 100 connections by default (3 kept for
 * superusers), and at 20 each four instances and a few admin sessions fit (docs/decisions.md).
 */
export const DEFAULT_POOL_SIZE = 20;
/** The pool size in DATABASE_URL's query (`?pool_size=30`); taken out before the URL reaches pg. */
export const POOL_SIZE_PARAM = 'pool_size';
const poolSizeRange = 'ожидается целое число от 1 до 1000';
const poolSize = z.coerce
  .number({ error: poolSizeRange })
  .int(poolSizeRange)
  .min(1, poolSizeRange)
  .max(1000, poolSizeRange);

/** The pool size a postgres:// URL names, or undefined; throws the reason when it names a bad one. */
export function poolSizeInUrl(url: string): number | undefined {
  if (url.startsWith('sqlite:')) return undefined;
  let value: string | null;
  try {
    value = new URL(url).searchParams.get(POOL_SIZE_PARAM);
  } catch {
    return undefined;
  }
  if (value === null) return undefined;
  const parsed = poolSize.safeParse(value);
  if (!parsed.success) throw new Error(`${POOL_SIZE_PARAM}: ${poolSizeRange}`);
  return parsed.data;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  APP_URL: optionalUrl,
  DATABASE_URL: databaseUrl,
  /** PostgreSQL only; wins over the URL's `pool_size`. */
  DATABASE_POOL_SIZE: poolSize.optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('CRM <no-reply@localhost>'),
  OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
  /** Where photos and documents clients send to the bot are kept. */
  TELEGRAM_FILES_DIR: z.string().min(1).default('./data/telegram-files'),
  /** The largest file kept (Telegram's Bot API hands bots up to 20 MB; a self-hosted one more). */
  TELEGRAM_FILE_MAX_MB: z.coerce.number().int().min(1).max(2000).default(20),
  /** With S3_BUCKET, kept files go to an S3-compatible store instead of TELEGRAM_FILES_DIR. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]/, 'ожидается https://… или http://…')
    .url()
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** A folder in the bucket for this deployment's files ('crm' keeps them under crm/). */
  S3_PREFIX: z.string().default(''),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'ожидается redis://…')
    .optional(),
  /** Instances of one deployment share a prefix; another deployment on the same Redis takes its own. */
  REDIS_PREFIX: z.string().min(1).default('crm:'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** How long the AI chat waits for the model's next piece before it gives up (504). */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  SEED_DEMO: flag('1'),
  TRUST_PROXY: flag('0'),
  /** Seconds browsers keep to HTTPS (Strict-Transport-Security); 0 sends none. Default: a year with an https APP_URL. */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).optional(),
  /** The built web app to serve; apps/web/dist by default (a second build elsewhere for parallel work). */
  WEB_DIST: z.string().min(1).optional(),
  /** Webhooks may reach plain http and private addresses: tests and self-hosted networks only. */
  WEBHOOKS_ALLOW_PRIVATE: flag('0'),
  /** How long a webhook's receiver has to answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Where the Telegram Bot API answers (a self-hosted Bot API server, the tests' own). */
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  /** Encrypts secrets kept for outside systems (a bot's token); at least 16 characters. */
  SECRETS_KEY: z.string().min(16, 'не короче 16 символов').optional(),
  /** The least time (ms) between a lead form shown and sent: faster is a robot. */
  LEAD_FORM_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /** Lead form submissions one client address may send per minute on one instance. */
  LEAD_FORM_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Requests an API key may make per minute on one instance (docs/decisions.md, "API keys"). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type AppConfig = {
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string;
  /** Connections of the PostgreSQL pool: DATABASE_POOL_SIZE, else the URL's pool_size, else DEFAULT_POOL_SIZE. */
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  openai: { apiKey: string | undefined; baseUrl: string | undefined; model: string; timeoutMs: number };
  google: { clientId: string | undefined; clientSecret: string | undefined; issuer: string };
  seedDemo: boolean;
  trustProxy: boolean;
  /** Strict-Transport-Security's max-age in seconds; 0: the header is not sent. */
  hstsMaxAge: number;
  logLevel: string;
  webDist: string | undefined;
  /** Requests an API key may make per minute on one instance. */
  apiKeyRateLimit: number;
  webhooks: { allowPrivate: boolean; timeoutMs: number };
  leadForms: { minFillMs: number; perAddressPerMinute: number };
  telegram: { apiUrl: string };
  telegramFiles: { dir: string; maxBytes: number };
  /** The S3-compatible store kept files go to; null: the data folder (telegramFiles.dir). */
  s3: S3Settings | null;
  /** SECRETS_KEY: without it, nothing that must keep a secret of an outside system can be set up. */
  secretsKey: string | undefined;
  /** log2 of scrypt's N; OWASP's 2^17 in production, lowered only by tests for speed. */
  passwordHashLogN: number;
};

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Without slashes at its ends; '' for none. */
  prefix: string;
};

export class ConfigError extends Error {}

/**
 * S3_BUCKET turns the store on; then the endpoint and both keys must be there too. The store's
 * address or keys without a bucket stop the server too: files silently kept on this machine
 * instead would be found missing only later.
 */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | null {
  if (!e.S3_BUCKET) {
    const given = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => e[name]);
    if (given.length > 0) {
      throw new ConfigError(`Заданы ${given.join(', ')}, но не S3_BUCKET: укажите бакет хранилища S3 или уберите эти переменные`);
    }
    return null;
  }
  const required = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(required).flatMap(([name, value]) => (value ? [] : [name]));
  if (missing.length > 0) {
    throw new ConfigError(
      `Для хранилища S3 (S3_BUCKET) не заданы переменные окружения: ${missing.join(', ')}`,
    );
  }
  return {
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    prefix: e.S3_PREFIX.replace(/^\/+|\/+$/g, ''),
  };
}

/** Parse the environment once; a bad value stops the start with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Неверное значение переменной окружения ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  let urlPoolSize: number | undefined;
  try {
    urlPoolSize = poolSizeInUrl(e.DATABASE_URL);
  } catch (error) {
    throw new ConfigError(`Неверное значение переменной окружения DATABASE_URL: ${(error as Error).message}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? urlPoolSize ?? DEFAULT_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: e.OUTBOX_DIR,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    openai: {
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      model: e.OPENAI_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
    },
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER,
    },
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    hstsMaxAge: e.HSTS_MAX_AGE ?? (e.APP_URL?.startsWith('https://') ? 31_536_000 : 0),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhooks: { allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE, timeoutMs: e.WEBHOOK_TIMEOUT_MS },
    leadForms: { minFillMs: e.LEAD_FORM_MIN_FILL_MS, perAddressPerMinute: e.LEAD_FORM_RATE_LIMIT },
    telegram: { apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, '') },
    telegramFiles: { dir: e.TELEGRAM_FILES_DIR, maxBytes: e.TELEGRAM_FILE_MAX_MB * 1024 * 1024 },
    s3: s3Settings(e),
    secretsKey: e.SECRETS_KEY,
    passwordHashLogN: 17,
  };
}
