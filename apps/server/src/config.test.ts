import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_POOL_SIZE, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('has working defaults for a fresh clone: port 3000, SQLite under ./data, demo on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: 'sqlite:./data/crm.sqlite',
      seedDemo: true,
      smtpUrl: undefined,
      redisUrl: undefined,
      passwordHashLogN: 17,
    });
    expect(config.google.issuer).toBe('https://accounts.google.com');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      APP_URL: 'https://crm.example.com/',
      DATABASE_URL: 'postgres://crm@db:5432/crm',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      REDIS_URL: 'redis://cache:6379',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
      OPENAI_MODEL: 'some-model',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      SEED_DEMO: '0',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'https://crm.example.com',
      databaseUrl: 'postgres://crm@db:5432/crm',
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      redisUrl: 'redis://cache:6379',
      openai: { apiKey: 'sk-test', baseUrl: 'http://127.0.0.1:9999/v1', model: 'some-model' },
      google: { clientId: 'id', clientSecret: 'secret' },
      seedDemo: false,
      trustProxy: true,
    });
  });

  it("sizes the PostgreSQL pool from DATABASE_POOL_SIZE, else the URL's pool_size, else 20", () => {
    const pg = 'postgres://crm@db:5432/crm';
    expect(DEFAULT_POOL_SIZE).toBe(20);
    expect(loadConfig({ DATABASE_URL: pg }).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_URL: pg, DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
    expect(loadConfig({ DATABASE_URL: `${pg}?sslmode=disable&pool_size=30` }).databasePoolSize).toBe(30);
    expect(
      loadConfig({ DATABASE_URL: `${pg}?pool_size=30`, DATABASE_POOL_SIZE: '1000' }).databasePoolSize,
    ).toBe(1000);
  });

  it.each([
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', '1001'],
    ['DATABASE_POOL_SIZE', '2.5'],
    ['DATABASE_POOL_SIZE', 'many'],
    ['DATABASE_POOL_SIZE', ''],
    ['DATABASE_URL', 'postgres://crm@db:5432/crm?pool_size=0'],
    ['DATABASE_URL', 'postgres://crm@db:5432/crm?pool_size=ten'],
  ])('stops with one line when %s is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Неверное значение переменной окружения ${name}: .*ожидается целое число от 1 до 1000$`),
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['APP_URL', 'not a url'],
    ['REDIS_URL', 'http://cache'],
    ['SEED_DEMO', 'maybe'],
    ['S3_ENDPOINT', 'minio:9000'],
  ])('stops with one line naming %s when it is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(new RegExp(`^Неверное значение переменной окружения ${name}: `));
      expect(message).not.toContain('\n');
    }
  });

  describe('the store for kept files', () => {
    const s3 = {
      S3_BUCKET: 'crm-files',
      S3_ENDPOINT: 'https://storage.yandexcloud.net',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };

    it('is the data folder without any S3 variable; the store’s address or keys without S3_BUCKET stop the server', () => {
      expect(loadConfig({}).s3).toBeNull();
      expect(loadConfig({ S3_REGION: 'ru-central1', S3_PREFIX: 'crm' }).s3).toBeNull();
      const { S3_BUCKET: _, ...rest } = s3;
      expect(() => loadConfig(rest)).toThrow(
        'Заданы S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, но не S3_BUCKET: укажите бакет хранилища S3 или уберите эти переменные',
      );
      expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'key-id' })).toThrow(ConfigError);
    });

    it('is S3 with S3_BUCKET: region us-east-1 by default, the prefix without its slashes', () => {
      expect(loadConfig(s3).s3).toEqual({
        endpoint: 'https://storage.yandexcloud.net',
        bucket: 'crm-files',
        region: 'us-east-1',
        accessKeyId: 'key-id',
        secretAccessKey: 'secret',
        prefix: '',
      });
      expect(loadConfig({ ...s3, S3_REGION: 'ru-central1', S3_PREFIX: '/crm/files/' }).s3).toMatchObject({
        region: 'ru-central1',
        prefix: 'crm/files',
      });
    });

    it.each([
      [['S3_ENDPOINT'], 'S3_ENDPOINT'],
      [['S3_SECRET_ACCESS_KEY'], 'S3_SECRET_ACCESS_KEY'],
      [
        ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
        'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      ],
    ])('stops with S3_BUCKET but without %j, naming what is missing', (left, named) => {
      const env: Record<string, string> = { ...s3 };
      for (const name of left) delete env[name];
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        `Для хранилища S3 (S3_BUCKET) не заданы переменные окружения: ${named}`,
      );
    });
  });
});
