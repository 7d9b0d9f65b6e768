import { spawn } from 'node:child_process';
import { failureLines } from './failure-lines.mjs';

/**
 * `npm test`: the whole suite: typecheck, format and lint, unit and server tests (vitest), the
 * DATABASE_URL path on a throw-away PostgreSQL (installed with apt-get when missing), build, size
 * budgets, browser tests in Chromium (vitest's browser project), and the portal end to end (Playwright)
 * against the real server. `node scripts/test.mjs <step>…` runs only the named steps.
 */
const steps = {
  chromium: ['node', ['scripts/ensure-chromium.mjs']],
  typecheck: ['npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  format: ['npx', ['biome', 'format', '.']],
  lint: ['npx', ['biome', 'lint', '--error-on-warnings', '.']],
  // Each suite once, on a release people deploy (docs/decisions/node-releases.md), through
  // scripts/on-release.mjs: the build, vitest's node and browser projects and the end-to-end tests
  // (Playwright, its workers and the servers behind it) on the newest Node 24, the PostgreSQL tests
  // on the newest Node 26; `npm start`'s server started, signed in to and stopped on 26 and on the
  // machine's own Node 20, what a newcomer's `npm start` runs on (scripts/node-releases.mjs, after
  // the build: it starts the built server). Node 24's start is server/main.test.ts's first test.
  vitest: ['node', ['scripts/on-release.mjs', '24', 'vitest', 'run', '--project', 'node']],
  postgres: ['node', ['scripts/on-release.mjs', '26', 'vitest', 'run', '--project', 'postgres']],
  build: ['node', ['scripts/on-release.mjs', '24', 'npm', 'run', 'build', '--silent']],
  size: ['node', ['scripts/size.mjs']],
  browser: ['node', ['scripts/on-release.mjs', '24', 'vitest', 'run', '--project', 'browser']],
  e2e: ['node', ['scripts/on-release.mjs', '24', 'playwright', 'test']],
  releases: ['node', ['scripts/node-releases.mjs', '20', '26']],
};

/**
 * The order. Each stage starts when the one before it has ended. Chromium's install (apt-get, on
 * a clean machine: about 25 s, mostly unpacking) goes first in the browser tests' lane, beside the
 * lanes that need no browser. A stage is a list of lanes that run side by side; a lane's steps run
 * one after another. Sized for 2 cores: a stage lasts as long as its longest lane, so the lanes are
 * kept about as long as each other (a lane that ends early leaves its core idle), and a lane ends
 * on a step that can use both cores (the last lane alone should not leave one idle). Stage 1: the
 * build, its size budgets, the releases' smoke (it starts the built server, so after `build`), then
 * the lint and format checks; the PostgreSQL step (one worker), then the type check; the browser
 * tests (one headless Chromium, from the sources). With the format, lint and type checks before
 * the PostgreSQL step, that step ran alone on one core for the stage's last 20 s. vitest takes both cores (and has timing tests), so it runs
 * alone; so does e2e (three workers, each with a browser). A new step goes into the lane of the
 * steps it needs first (anything that reads dist/ after `build`), or, when it is light, into the
 * lane that ends first; a step that takes all cores gets a stage of its own. The times:
 * docs/decisions/test-time.md.
 *
 * Stop at the first failure: once a step fails no further step starts; steps already running
 * beside it in other lanes run to their end (so no server or browser is left behind) and are
 * reported. The exit code is 1 when any step failed.
 */
const plan = [
  [
    ['build', 'size', 'releases', 'lint', 'format'],
    ['postgres', 'typecheck'],
    ['chromium', 'browser'],
  ],
  [['vitest']],
  [['e2e']],
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in steps));
if (unknown.length) {
  console.error(`unknown step: ${unknown.join(', ')} (steps: ${Object.keys(steps).join(', ')})`);
  process.exit(2);
}
const env = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' };
const results = [];
let failed = false;

/**
 * Runs one step. Alone in its stage it prints as it goes; beside others its output is kept and
 * printed in one piece when it ends, so the steps' lines never mix.
 */
function run(name, alone) {
  const [cmd, args] = steps[name];
  const started = performance.now();
  console.log(
    `\n▶ ${name}: ${cmd} ${args.join(' ')}${alone ? '' : ' (beside other steps: output when it ends)'}`,
  );
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout.on('data', (chunk) => {
      output.push(chunk);
      if (alone) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output.push(chunk);
      if (alone) process.stderr.write(chunk);
    });
    const end = (ok) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (!alone) {
        console.log(`\n┌ ${name} output`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
      results.push({
        name,
        ok,
        seconds,
        why: ok ? [] : failureLines(Buffer.concat(output).toString('utf8')),
      });
      if (!ok) failed = true;
      resolve();
    };
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(false);
    });
    child.once('close', (code) => end(code === 0));
  });
}

async function lane(names, alone) {
  for (const name of names) {
    if (failed) return;
    await run(name, alone);
  }
}

const started = performance.now();
for (const stage of plan) {
  if (failed) break;
  const lanes = stage
    .map((names) => names.filter((n) => !only.length || only.includes(n)))
    .filter((l) => l.length);
  await Promise.all(lanes.map((names) => lane(names, lanes.length === 1)));
}

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(13)} ${r.seconds} s`);
const failures = results.filter((r) => !r.ok).length;
const total = ((performance.now() - started) / 1000).toFixed(1);
console.log(`steps: ${results.length - failures} passed, ${failures} failed (${total} s in all)`);
for (const r of results.filter((r) => !r.ok)) {
  console.log(
    `\nWhy ${r.name} failed${r.why.length ? ':' : ' (its output above says; no failed test was named)'}`,
  );
  for (const line of r.why) console.log(`  ${line.trim()}`);
}
process.exit(failures ? 1 : 0);
