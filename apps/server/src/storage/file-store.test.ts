import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Settings } from '../config.js';
import { startTestS3, type TestS3 } from '../test/test-s3-server.js';
import { diskStore } from './disk-store.js';
import { createFileStore, type FileStore } from './file-store.js';
import { s3Store } from './s3-store.js';

const settingsOf = (s3: TestS3, more: Partial<S3Settings> = {}): S3Settings => ({
  endpoint: s3.url,
  bucket: s3.bucket,
  region: s3.region,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  prefix: '',
  ...more,
});
const read = async (store: FileStore, key: string) => {
  const stream = await store.get(key);
  return stream && buffer(stream);
};

// No database here: the SQLite project runs it, the PostgreSQL one would only repeat it.
describe.runIf(process.env.TEST_DIALECT !== 'postgres')('kept files', () => {
  let work: string;
  let s3: TestS3;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'crm-file-store-'));
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3.close();
    await rm(work, { recursive: true, force: true });
  });
  afterEach(() => {
    s3.objects.clear();
    s3.calls.length = 0;
  });

  /** A file spooled on this machine, as the callers hand it over. */
  const spooled = async (bytes: Buffer) => {
    const path = join(work, `spooled-${randomBytes(4).toString('hex')}`);
    await writeFile(path, bytes);
    return path;
  };

  describe.each([
    { name: 'the data folder', open: () => diskStore(join(work, 'disk')) },
    { name: 'an S3-compatible store', open: () => s3Store(settingsOf(s3)) },
  ])('in $name', ({ open }) => {
    it('keeps a file from a path and from bytes, and gives the same bytes back', async () => {
      const store = open();
      const photo = randomBytes(300_000);
      await store.put('7/photo.jpg', { path: await spooled(photo) }, 'image/jpeg');
      // A name's extension comes from the client: any characters may reach the key.
      await store.put('7/note 1.тxт+', { bytes: Buffer.from('Прайс на май') }, 'text/plain');
      expect(await read(store, '7/photo.jpg')).toEqual(photo);
      expect((await read(store, '7/note 1.тxт+'))?.toString()).toBe('Прайс на май');
      await store.put('7/note 1.тxт+', { bytes: Buffer.from('Прайс на июнь') }, 'text/plain');
      expect((await read(store, '7/note 1.тxт+'))?.toString()).toBe('Прайс на июнь');
    });

    it('answers null for a key it does not have, and after the key is removed', async () => {
      const store = open();
      expect(await store.get('7/never.pdf')).toBeNull();
      await store.put('7/gone.pdf', { bytes: Buffer.from('%PDF') }, 'application/pdf');
      await store.remove('7/gone.pdf');
      expect(await store.get('7/gone.pdf')).toBeNull();
      await expect(store.remove('7/gone.pdf')).resolves.toBeUndefined();
    });

    it.each(['../outside.txt', '7/../../outside.txt', '/etc/passwd'])(
      'refuses the key %j, outside the store',
      async (key) => {
        const store = open();
        await expect(store.put(key, { bytes: Buffer.from('x') }, 'text/plain')).rejects.toThrow(
          'file key outside the store',
        );
        await expect(store.get(key)).rejects.toThrow('file key outside the store');
        await expect(store.remove(key)).rejects.toThrow('file key outside the store');
      },
    );
  });

  describe('in an S3-compatible store', () => {
    it('sends the media type, under the prefix, signed, without checksum trailers', async () => {
      const store = s3Store(settingsOf(s3, { prefix: 'crm' }));
      await store.put('7/photo.jpg', { path: await spooled(Buffer.from('jpeg')) }, 'image/jpeg');
      await store.put('7/list.csv', { bytes: Buffer.from('a,b') }, 'text/csv');
      expect([...s3.objects.keys()].sort()).toEqual(['crm/7/list.csv', 'crm/7/photo.jpg']);
      expect(s3.objects.get('crm/7/photo.jpg')?.contentType).toBe('image/jpeg');
      expect(s3.objects.get('crm/7/list.csv')?.contentType).toBe('text/csv');
      expect((await read(store, '7/list.csv'))?.toString()).toBe('a,b');
      await store.remove('7/list.csv');
      expect([...s3.objects.keys()]).toEqual(['crm/7/photo.jpg']);
      // Each call passed the peer's SigV4 check; none asked for what plain services lack.
      expect(s3.calls.map((c) => [c.method, c.key, c.status])).toEqual([
        ['PUT', 'crm/7/photo.jpg', 200],
        ['PUT', 'crm/7/list.csv', 200],
        ['GET', 'crm/7/list.csv', 200],
        ['DELETE', 'crm/7/list.csv', 204],
      ]);
      for (const { headers } of s3.calls) {
        expect(Object.keys(headers).filter((name) => name.includes('checksum'))).toEqual([]);
        expect(headers['content-encoding']).toBeUndefined();
      }
    });

    it('fails, never pretends, when the secret key is wrong', async () => {
      const store = s3Store(settingsOf(s3, { secretAccessKey: 'not-the-secret' }));
      await expect(store.put('7/a.txt', { bytes: Buffer.from('a') }, 'text/plain')).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
        $metadata: { httpStatusCode: 403 },
      });
      await expect(
        store.put('7/b.txt', { path: await spooled(Buffer.from('b')) }, 'text/plain'),
      ).rejects.toThrow();
      await expect(store.get('7/a.txt')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      await expect(store.remove('7/a.txt')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      expect(s3.objects.size).toBe(0);
      const unknown = s3Store(settingsOf(s3, { accessKeyId: 'AKSOMEONEELSE' }));
      await expect(unknown.get('7/a.txt')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    });

    it('fails on a bucket the service does not have, rather than calling the file missing', async () => {
      const store = s3Store(settingsOf(s3, { bucket: 'someone-elses' }));
      await expect(store.get('7/a.txt')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    });
  });

  it('is the S3 store when S3_BUCKET is set, else the data folder', async () => {
    const dir = join(work, 'chosen');
    const env = {
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
    await createFileStore(
      loadConfig({ ...env, TELEGRAM_FILES_DIR: dir, S3_BUCKET: s3.bucket, S3_PREFIX: '/crm/' }),
    ).put('7/a.txt', { bytes: Buffer.from('s3') }, 'text/plain');
    await createFileStore(loadConfig({ TELEGRAM_FILES_DIR: dir })).put(
      '7/a.txt',
      { bytes: Buffer.from('disk') },
      'text/plain',
    );
    expect(s3.objects.get('crm/7/a.txt')?.bytes.toString()).toBe('s3');
    expect(await readFile(join(dir, '7/a.txt'), 'utf8')).toBe('disk');
  });
});
