// Runs a command under the newest release of a deployed Node major (24 by default), fetched once
// into the cache as for the node-releases step (scripts/node-release-cache.mjs): the release's
// folder goes first on PATH, and node_modules/.bin after it, so the command and everything it
// starts as `node` (npm scripts, vitest's workers, Playwright's workers and its web servers) run
// on that release. Its output streams as it prints it; any DeprecationWarning fails the run, as it
// fails a release check. Which of `npm test`'s steps run on which release, and why:
// docs/decisions/node-releases.md.
//
//   node scripts/on-release.mjs [major] <command> [arguments…]
//   node scripts/on-release.mjs 26 vitest run --project postgres
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveReleases } from './node-release-cache.mjs';
import { deprecations } from './node-releases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const args = process.argv.slice(2);
const major = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 24;
const [command, ...rest] = args;
if (!command) {
  console.error('usage: node scripts/on-release.mjs [major] <command> [arguments…]');
  process.exit(2);
}

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
  `${command} on Node ${release.version} (${release.fetched ? 'fetched' : 'cached'}: ${release.binary})`,
);

const PATH = [path.dirname(release.binary), path.join(root, 'node_modules', '.bin'), process.env.PATH].join(
  path.delimiter,
);
const child = spawn(command, rest, {
  cwd: root,
  env: { ...process.env, PATH },
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
child.once('error', (error) => {
  console.error(`  error: ${command} could not be started: ${error.message}`);
  process.exitCode = 1;
});
child.on('close', (code, signal) => {
  const warned = deprecations(output);
  for (const line of warned) console.log(`  deprecation under Node ${release.version}: ${line}`);
  process.exitCode = code === 0 && !signal && warned.length === 0 ? 0 : 1;
});
