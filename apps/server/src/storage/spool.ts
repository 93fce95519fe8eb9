import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

export class FileTooBig extends Error {}

/**
 * Copies an incoming file to a temporary one on this machine before it goes to the file store:
 * its size is counted as it comes (past `maxBytes` the copy stops with FileTooBig, nothing kept),
 * and the store then gets a known length. The caller calls `remove` once the store has it.
 */
export async function spool(source: AsyncIterable<Buffer | Uint8Array>, maxBytes: number) {
  const dir = await mkdtemp(join(tmpdir(), 'crm-spool-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'file');
  let size = 0;
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer | Uint8Array>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > maxBytes) throw new FileTooBig();
          yield chunk;
        }
      },
      createWriteStream(path),
    );
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, size, remove };
}
