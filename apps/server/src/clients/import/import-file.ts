import { Readable } from 'node:stream';
import type { Db } from '../../db/database.js';
import { appendFileChunk, fileChunk } from './import.repository.js';

/** A piece of the stored file: big enough for few rows, small enough to hold one at a time. */
const CHUNK_BYTES = 1024 * 1024;

/** The upload went past `limit` bytes (the route answers 413). */
export class FileTooBig extends Error {}

/**
 * Stores an uploaded file in the database a megabyte at a time as it arrives (never whole in
 * memory), so any instance can read it later and a restart loses nothing. Answers its size.
 */
export async function storeImportFile(db: Db, importId: number, file: AsyncIterable<Buffer>, limit: number) {
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    await appendFileChunk(db, importId, seq, Buffer.concat(pending, pendingBytes));
    seq += 1;
    pending = [];
    pendingBytes = 0;
  };
  for await (const piece of file) {
    size += piece.length;
    if (size > limit) throw new FileTooBig();
    pending.push(piece);
    pendingBytes += piece.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  return size;
}

/**
 * What a reader is handed at a time: a parser handles a piece in one go, so a megabyte of CSV
 * (some 8 000 rows) would hold the server for ~80 ms; 64 KB pieces let requests pass between them.
 */
const PIECE_BYTES = 64 * 1024;

/** The stored file as a stream, one chunk read from the database at a time, handed on in pieces. */
export function readImportFile(db: Db, importId: number): Readable {
  let seq = 0;
  let pieces: Buffer[] = [];
  return new Readable({
    highWaterMark: PIECE_BYTES,
    async read() {
      try {
        if (pieces.length === 0) {
          const chunk = await fileChunk(db, importId, seq);
          seq += 1;
          if (!chunk) {
            this.push(null);
            return;
          }
          const data = Buffer.from(chunk);
          for (let at = 0; at < data.length; at += PIECE_BYTES)
            pieces.push(data.subarray(at, at + PIECE_BYTES));
        }
        const [next, ...rest] = pieces;
        pieces = rest;
        this.push(next);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}

/** The stored file's first bytes (what the format and encoding are told from). */
export async function importFileHead(db: Db, importId: number): Promise<Buffer> {
  return Buffer.from((await fileChunk(db, importId, 0)) ?? Buffer.alloc(0));
}
