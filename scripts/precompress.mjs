// Writes a .br and a .gz beside every compressible file of a built folder (default: the web
// app's dist), so the server sends them by Accept-Encoding without compressing on each request.
// Usage: node scripts/precompress.mjs [dir]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

export function precompress(dir) {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      count += precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
    count += 1;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? new URL('../apps/web/dist', import.meta.url).pathname;
  console.log(`precompressed ${precompress(dir)} files in ${dir}`);
}
