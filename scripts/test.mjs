import { spawnSync } from 'node:child_process';

/**
 * `npm test`: the whole suite, in order, stopping at the first failing step:
 * typecheck, format and lint, unit and server tests (vitest), the DATABASE_URL path on a
 * throw-away PostgreSQL (installed with apt-get when missing), build, size budgets, element tests in Chromium
 * (@web/test-runner), and the portal end to end (Playwright) against the real server.
 */
const steps = [
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['format', 'npx', ['biome', 'format', '.']],
  ['lint', 'npx', ['biome', 'lint', '--error-on-warnings', '.']],
  ['vitest', 'npx', ['vitest', 'run']],
  ['postgres', 'node', ['scripts/test-postgres.mjs']],
  ['build', 'npm', ['run', 'build', '--silent']],
  ['size', 'node', ['scripts/size.mjs']],
  ['elements', 'npx', ['web-test-runner']],
  ['e2e', 'npx', ['playwright', 'test']],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.includes(name)) continue;
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

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(10)} ${r.seconds} s`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
