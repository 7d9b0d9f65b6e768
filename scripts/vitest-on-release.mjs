// `npm test`'s vitest step: the whole vitest suite (vitest.config.ts) under the newest release of a
// deployed Node major (24 by default), fetched once into the cache as for the node-releases step
// (scripts/node-release-cache.mjs). Its output streams as vitest prints it; any DeprecationWarning
// fails the step, as it fails a release check. Why the suite runs on a deployed release and not on
// the machine's Node: docs/decisions/node-releases.md.
//
//   node scripts/vitest-on-release.mjs [major] [vitest arguments…]
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveReleases } from './node-release-cache.mjs';
import { deprecations, releasePath } from './node-releases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VITEST = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

const args = process.argv.slice(2);
const major = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 24;

let release;
try {
  const resolved = resolveReleases([major]);
  release = resolved.releases[0];
  if (resolved.offline)
    console.log(`The npm registry cannot be reached; using the cached release.\n${resolved.offline}`);
} catch (error) {
  console.error(
    `  error: Node ${major} could not be fetched: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
}
console.log(
  `vitest on Node ${release.version} (${release.fetched ? 'fetched' : 'cached'}: ${release.binary})`,
);

const child = spawn(release.binary, [VITEST, 'run', ...args], {
  cwd: root,
  env: { ...process.env, PATH: releasePath(release) },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  from.on('data', (chunk) => {
    output += chunk;
    to.write(chunk);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => {
  const warned = deprecations(output);
  for (const line of warned) console.log(`  deprecation under Node ${release.version}: ${line}`);
  process.exitCode = code === 0 && !signal && warned.length === 0 ? 0 : 1;
});
