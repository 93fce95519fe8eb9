import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** A multipart request body with one file in `file`, as a browser's form sends it (an import, a file answer). */
export function multipart(fileName: string, bytes: Buffer | Readable, type = 'application/octet-stream') {
  const boundary = `----crm${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` + `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const contentType = `multipart/form-data; boundary=${boundary}`;
  if (Buffer.isBuffer(bytes)) return { contentType, payload: Buffer.concat([head, bytes, tail]) };
  async function* stream() {
    yield head;
    for await (const chunk of bytes) yield chunk as Buffer;
    yield tail;
  }
  return { contentType, payload: Readable.from(stream()) };
}
