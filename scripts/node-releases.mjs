// A start-and-login smoke of `npm start`'s server under the newest Node 24 and Node 26 from the
// npm registry (scripts/node-release-cache.mjs fetches them once into a cache folder), or under the
// machine's own Node for its own major. `npm test`'s releases step runs it on 20 (the machine's,
// what a newcomer's `npm start` runs on) and 26: Node 24's start is server/main.test.ts's, in the
// vitest step. The suites run on the releases in their own steps, through scripts/on-release.mjs;
// docs/decisions/node-releases.md says which and why.
//
//   node scripts/node-releases.mjs        Node 24 and 26
//   node scripts/node-releases.mjs 20 26  only the named majors (the machine's own Node for its own
//                                         major: nothing is fetched for it)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './build-stamp.mjs';
import { failureLines } from './failure-lines.mjs';
import { cacheRoot, resolveReleases } from './node-release-cache.mjs';
import { freePort } from './server-process.mjs';

export const MAJORS = [24, 26];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runtime warnings that mean the code (ours or a dependency's) uses an API a release deprecates. */
export const WARNING = /\b(DeprecationWarning|\[DEP\d{4}\])/;

const children = new Set();

/** The environment of a check: the release's folder first on PATH (for anything that runs `node`). */
function releaseEnv(release, env = {}) {
  return { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, PATH: releasePath(release), ...env };
}

/** PATH with the release's folder first: anything a check starts as `node` runs on it too. */
export const releasePath = (release) => `${path.dirname(release.binary)}${path.delimiter}${process.env.PATH}`;

/** Runs `command args` in the release's environment; resolves with the exit code and output. */
function run(command, args, release, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: releaseEnv(release, env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

/** The lines of `output` that name a deprecation, once each. */
export function deprecations(output) {
  const lines = output.split('\n').filter((line) => WARNING.test(line));
  return [...new Set(lines.map((line) => line.replace(/^.*?(\(node:\d+\) )?/, '').trim()))];
}

async function expectOk(response, what) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
  const body = await response.json();
  if (body.code !== 0) throw new Error(`${what}: code ${body.code} ${body.msg ?? ''}`);
  return body.data;
}

/**
 * `npm start`'s server (server/main.ts --seed-demo, as scripts/start.mjs runs it after the build) on
 * a free port over a throw-away data folder: the page, a login as demo, the session's user, SIGTERM.
 */
async function smoke(release) {
  if (!buildIsCurrent()) {
    // npm test builds before this step; run alone, it builds first as `npm start` does (npm's
    // `#!/usr/bin/env node` finds the release first on PATH, so the build runs on it too).
    const build = await run('npm', ['run', 'build', '--silent'], release);
    if (build.code !== 0) return { code: build.code, output: `npm run build failed:\n${build.output}` };
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-node-release-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    release.binary,
    ['--trace-deprecation', '--import', 'tsx', 'server/main.ts', '--seed-demo'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(server);
  let output = '';
  const exited = new Promise((resolve) => server.once('close', (code) => resolve(code)));
  server.stdout.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr.on('data', (chunk) => {
    output += chunk;
  });
  try {
    const deadline = Date.now() + 120_000;
    while (!output.includes('LP customer portal on')) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if (Date.now() > deadline) throw new Error('the server did not start in 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const page = await fetch(`${base}/`);
    const html = await page.text();
    if (!page.ok || !html.includes('<html')) throw new Error(`GET /: HTTP ${page.status}, no page`);
    const login = await expectOk(
      await fetch(`${base}/api/user/login.html`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'Demo@2026pass' }),
      }),
      'POST /api/user/login.html as demo',
    );
    const info = await expectOk(
      await fetch(`${base}/api/user/get-user-info.html`, {
        headers: { 'X-Token': String(login.access_token) },
      }),
      'GET /api/user/get-user-info.html',
    );
    if (!JSON.stringify(info).includes('demo')) throw new Error('get-user-info did not answer the demo user');
    server.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM`);
    return { code: 0, output };
  } catch (error) {
    server.kill('SIGKILL');
    await exited;
    return { code: 1, output: `${output}\n${error instanceof Error ? error.message : error}` };
  } finally {
    children.delete(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What to show of a failed check: vitest's list of failures when there is one, else the last lines. */
export function failureReport(output) {
  const lines = output.trimEnd().split('\n');
  const failures = lines.findIndex((line) => /Failed Tests \d+/.test(line));
  return (failures >= 0 ? lines.slice(failures, failures + 400) : lines.slice(-80)).join('\n');
}

/** The smoke under one release: one line, and the output when it fails or a deprecation shows. */
async function checkRelease(release) {
  const started = performance.now();
  const { code, output } = await smoke(release);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const warned = deprecations(output);
  const ok = code === 0 && warned.length === 0;
  console.log(`${ok ? '✔' : '✘'} Node ${release.version} start-and-login (${seconds} s)`);
  if (code !== 0) {
    console.log(failureReport(output));
    // What failed, again in a few lines (scripts/test.mjs repeats them under its summary).
    for (const line of failureLines(output)) {
      console.log(`  ${line.replace(/^(failed|error): /, `$1: (Node ${release.major}) `)}`);
    }
  }
  for (const line of warned) console.log(`  deprecation under Node ${release.version}: ${line}`);
  return ok;
}

async function main() {
  const args = process.argv.slice(2);
  const asked = args.map(Number).filter(Boolean);
  const majors = asked.length ? asked : MAJORS;
  const root = cacheRoot();
  // The machine's own Node, when a major asked for is its (no download): the release a newcomer's
  // `npm install && npm start` runs on.
  const own = Number(process.versions.node.split('.')[0]);
  const mine = majors.includes(own)
    ? [{ major: own, version: process.versions.node, binary: process.execPath, fetched: false, own: true }]
    : [];
  let releases;
  try {
    const others = majors.filter((m) => m !== own);
    const resolved = others.length ? resolveReleases(others, { root }) : { releases: [], offline: null };
    releases = [...mine, ...resolved.releases];
    if (resolved.offline) {
      console.log(`The npm registry cannot be reached; using the cached releases.\n${resolved.offline}`);
    }
  } catch (error) {
    console.error(`✘ Node releases could not be fetched: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  for (const r of releases) {
    console.log(
      `Node ${r.major}: ${r.version} (${r.own ? 'this machine’s' : r.fetched ? 'fetched' : 'cached'}: ${r.binary})`,
    );
  }
  let failed = 0;
  for (const release of releases) if (!(await checkRelease(release))) failed++;
  return failed ? 1 : 0;
}

async function stop(signal) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal));
  process.exitCode = await main();
}
