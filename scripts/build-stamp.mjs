// The fingerprint of what the browser build is made from: every file under src/, elements/,
// host/ and the build's own scripts and settings, by content. `npm run build` writes it to
// dist/.build-stamp when it finishes; `npm start` builds only when dist/ is missing or was built
// from other sources (a first start, a pull, an edit), so a restart does not spend a minute
// rebuilding what is already there.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['src', 'elements', 'host'];
const FILES = [
  'package-lock.json',
  'rollup.config.mjs',
  'tsconfig.json',
  'scripts/browser-contract.mjs',
  'scripts/first-load-groups.mjs',
  'scripts/cem.mjs',
  'scripts/precompress.mjs',
  'scripts/build-stamp.mjs',
];
export const STAMP = join(root, 'dist', '.build-stamp');

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** The hex SHA-256 over every build input's path and content (tests do not change the build). */
export function sourceFingerprint(base = root) {
  const hash = createHash('sha256');
  const dirs = SOURCES.map((dir) => join(base, dir)).filter((dir) => existsSync(dir));
  const files = [...dirs.flatMap(walk), ...FILES.map((f) => join(base, f))]
    .filter((f) => existsSync(f) && statSync(f).isFile() && !/\.test\.tsx?$/.test(f))
    .sort();
  for (const file of files) {
    hash.update(relative(base, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  // What the build depends on besides files: whether it writes source maps.
  hash.update(`sourcemaps=${process.env.SOURCEMAPS === '1'}`);
  return hash.digest('hex');
}

/** True when dist/ was built from exactly the current sources. */
export function buildIsCurrent() {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === sourceFingerprint();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(STAMP, `${sourceFingerprint()}\n`);
}
