import { spawnSync } from 'node:child_process';
import { startBeside } from './test-beside.mjs';

/**
 * `npm test`: the whole suite, in order, stopping at the first failing step:
 * typecheck, format and lint, unit and server tests (vitest), the DATABASE_URL path on a
 * throw-away PostgreSQL (installed with apt-get when missing), build, size budgets, element tests in Chromium
 * (@web/test-runner), and the portal end to end (Playwright) against the real server.
 * A step marked `beside` runs beside the steps after it (scripts/test-beside.mjs); the summary waits for it.
 */
const steps = [
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['format', 'npx', ['biome', 'format', '.']],
  ['lint', 'npx', ['biome', 'lint', '--error-on-warnings', '.']],
  ['vitest', 'npx', ['vitest', 'run']],
  ['postgres', 'node', ['scripts/test-postgres.mjs']],
  ['build', 'npm', ['run', 'build', '--silent']],
  // vitest and a start-and-login smoke under Node 24 and 26 (scripts/node-releases.mjs), beside the
  // browser steps, which leave much of the second core idle.
  ['node-releases', 'node', ['scripts/node-releases.mjs'], { beside: true }],
  ['size', 'node', ['scripts/size.mjs']],
  ['elements', 'npx', ['web-test-runner']],
  ['e2e', 'npx', ['playwright', 'test']],
];

const only = process.argv.slice(2);
const results = [];
const besides = [];
for (const [name, cmd, args, options] of steps) {
  if (only.length && !only.includes(name)) continue;
  if (options?.beside) {
    besides.push(startBeside(name, cmd, args));
    continue;
  }
  const started = performance.now();
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const run = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const ok = run.status === 0;
  results.push({ name, ok, seconds });
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (!ok) break;
}
if (results.some((r) => !r.ok)) for (const beside of besides) beside.stop();
const waiting = performance.now();
for (const beside of besides) {
  const r = await beside.done;
  const waited = ((performance.now() - waiting) / 1000).toFixed(1);
  console.log(`\n▶ ${r.name} (beside the steps above):\n${r.output}`);
  console.log(`${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s, of which ${waited} s after the last step)`);
  results.push(r);
}

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(13)} ${r.seconds} s`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
