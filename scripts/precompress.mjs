// Writes `<file>.br` and `<file>.gz` beside every text asset under dist/ (after the build), so
// the server sends compressed files without compressing per request (server/http/static.ts).
// Usage: node scripts/precompress.mjs   (part of `npm run build`)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist', import.meta.url).pathname;
/** Types worth compressing; smaller files are sent as they are. */
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.ts']);
const MIN_BYTES = 1024;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

let count = 0;
let raw = 0;
let br = 0;
for (const file of files(dist)) {
  if (!TEXT.has(extname(file))) continue;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
  raw += bytes.length;
  br += brotli.length;
}
console.log(
  `precompressed ${count} files: ${(raw / 1000).toFixed(0)} KB → ${(br / 1000).toFixed(0)} KB brotli`,
);
