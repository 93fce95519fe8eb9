import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { FileStore } from './file-store.js';

/** The server's data folder: a key is a path under `root`, never outside it. */
export function diskStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(`${base}/`)) throw new Error(`file key outside the store: ${key}`);
    return path;
  };
  return {
    async put(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      if ('path' in source) await copyFile(source.path, path);
      else await writeFile(path, source.bytes);
    },
    async get(key) {
      const path = pathOf(key);
      const found = await stat(path).catch(() => null);
      return found?.isFile() ? createReadStream(path) : null;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
