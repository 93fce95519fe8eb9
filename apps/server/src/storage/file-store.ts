import type { Readable } from 'node:stream';
import type { AppConfig } from '../config.js';
import { diskStore } from './disk-store.js';
import { s3Store } from './s3-store.js';

/** What is kept: a file on this machine (spooled first, so its size is known), or bytes in memory. */
export type FileSource = { path: string } | { bytes: Buffer };

/**
 * Where the server keeps files people and clients send (Telegram's photos and documents): the
 * server's data folder, or an S3-compatible store when one is configured (docs/product.md §5.9).
 * Keys are relative paths ('<project>/<name>'), the same in either store.
 */
export type FileStore = {
  put(key: string, source: FileSource, mediaType: string): Promise<void>;
  /** The file's bytes as they were kept; null when the store has no such key. */
  get(key: string): Promise<Readable | null>;
  /** Removes the key; a missing one is not an error. */
  remove(key: string): Promise<void>;
};

export function createFileStore(config: AppConfig): FileStore {
  return config.s3 ? s3Store(config.s3) : diskStore(config.telegramFiles.dir);
}
