import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.js';
import type { FileStore } from './file-store.js';

/**
 * An S3-compatible store (AWS, MinIO, Yandex Object Storage, Selectel…): a key is the same relative
 * path as on disk, under the optional prefix. Errors other than a missing key reach the caller,
 * who retries.
 */
export function s3Store(settings: S3Settings): FileStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // '<endpoint>/<bucket>/<key>': works with any endpoint, no DNS name per bucket needed.
    forcePathStyle: true,
    // The SDK now adds CRC checksums (trailers on uploads) by default; many S3-compatible services
    // refuse or mis-store such uploads, so checksums are sent and checked only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering fails the attempt (its caller tries again) instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  });
  const { bucket: Bucket } = settings;
  const keyOf = (key: string) => {
    // A plain relative path: no empty, '.' or '..' parts, which a folder reads otherwise than a bucket.
    if (/(^|\/)\.{0,2}(\/|$)/.test(key)) throw new Error(`file key outside the store: ${key}`);
    return settings.prefix ? `${settings.prefix}/${key}` : key;
  };
  return {
    async put(key, source, mediaType) {
      const Key = keyOf(key);
      if ('bytes' in source) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: source.bytes, ContentType: mediaType }));
        return;
      }
      const { size } = await stat(source.path);
      const body = createReadStream(source.path);
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: size, ContentType: mediaType }),
        );
      } finally {
        body.destroy(); // a refused upload leaves it unread and open
      }
    },
    async get(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!(Body instanceof Readable)) throw new Error(`S3 answered ${key} without a stream`);
        return Body;
      } catch (error) {
        // A missing bucket is a broken setting, not a missing file.
        const missing =
          error instanceof S3ServiceException &&
          error.$metadata.httpStatusCode === 404 &&
          error.name !== 'NoSuchBucket';
        if (missing) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
