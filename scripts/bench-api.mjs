// Load test of the hot API calls: `npm run bench:api`.
// Starts the real server on a free port with a throw-away PGlite folder, logs in as the demo user
// through the API, runs autocannon on each call and prints requests/s, p50/p99 latency and errors.
// In the same run it measures a bare node:http server (scripts/bare-server.mjs) answering a body of
// the same size as each call's answer, right before and right after that call, under the same load
// generator settings (each answer's start is checked, the bare one's too), and prints the call's
// requests/s as a share of the better bare run (the aim: ≥ 0.5), so the number means the same on a
// busy machine and a quiet one.
// Each call gets an unreported warm-up first (JIT, caches, the session's last-seen write).
// BENCH_SECONDS, BENCH_WARMUP and BENCH_CONNECTIONS override the defaults (20 s, 3 s, 50);
// BENCH_CALLS picks calls (comma-separated, e.g. `common/get-route`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort, startServer, stopServer } from './server-process.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const targets = (process.env.BENCH_CALLS ?? 'user/get-user-info,common/get-route').split(',');
/** Aim on the 2-core reference machine. */
const AIM = { rps: 2000, p99: 50, ratio: 0.5 };

/** The bare node:http yardstick as a child process, like the server, answering `bytes` of JSON. */
async function startBare(port, bytes) {
  const child = spawn(process.execPath, ['scripts/bare-server.mjs'], {
    env: { ...process.env, PORT: String(port), BODY_BYTES: String(bytes) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return child;
}

async function api(base, call, init = {}) {
  const res = await fetch(`${base}/api/${call}.html`, init);
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${call} answered ${body.code}: ${body.message}`);
  return body.data;
}

/** The autocannon run under way (Ctrl-C stops it). */
let running = null;
process.on('SIGINT', () => running?.stop());

function run(url, token, duration = seconds) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration,
        headers: { 'X-Token': token },
        // Envelope errors come with HTTP 200: count every answer that is not code 0 (the bare
        // yardstick's envelope is checked the same way, so both runs cost the generator alike).
        verifyBody: (body) => body.startsWith('{"code":0,'),
      },
      (err, result) => {
        running = null;
        if (err) reject(err);
        else resolve(result);
      },
    );
    running = instance;
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServer(port, dataDir);
let failed = false;
try {
  const started = performance.now();
  await server.ready;
  console.log(
    `server ready on ${base} in ${Math.round(performance.now() - started)} ms (data in ${dataDir})`,
  );
  const { access_token: token } = await api(base, 'user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo@2026pass' }),
  });
  for (const call of targets) await api(base, call, { headers: { 'X-Token': token } });
  console.log(`${connections} connections, ${seconds} s per call after ${warmup} s of warm-up\n`);
  // Each call's yardstick answers a body as large as the call's answer, and is measured before and
  // after the call: the better run counts (a busy moment on a shared machine then lowers the
  // ratio, never raises it).
  const measureBare = async (bytes) => {
    const barePort = await freePort();
    const bare = await startBare(barePort, bytes);
    try {
      const bareUrl = `http://127.0.0.1:${barePort}/`;
      if (warmup > 0) await run(bareUrl, token, warmup);
      const b = await run(bareUrl, token, seconds);
      console.log(
        `${`bare node:http, ${bytes} B`.padEnd(28)} ${String(Math.round(b.requests.average)).padStart(6)} req/s  p50 ${b.latency.p50} ms  p99 ${b.latency.p99} ms`,
      );
      return Math.round(b.requests.average);
    } finally {
      bare.kill();
    }
  };
  const rows = [];
  for (const call of targets) {
    const url = `${base}/api/${call}.html`;
    const bytes = Buffer.byteLength(await (await fetch(url, { headers: { 'X-Token': token } })).text());
    const before = await measureBare(bytes);
    if (warmup > 0) await run(url, token, warmup);
    const r = await run(url, token);
    const after = await measureBare(bytes);
    const bareRps = Math.max(before, after);
    const row = {
      call: `GET ${call}`,
      'answer B': bytes,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      requests: r.requests.total,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      'code≠0': r.mismatches,
      'bare req/s': bareRps,
      ratio: Number((r.requests.average / bareRps).toFixed(2)),
    };
    rows.push(row);
    const meets = row['req/s'] >= AIM.rps && row['p99 ms'] <= AIM.p99;
    const bad = row.errors + row.non2xx + row['code≠0'];
    if (bad > 0) failed = true;
    console.log(
      `${row.call.padEnd(28)} ${String(row['req/s']).padStart(6)} req/s  p50 ${row['p50 ms']} ms  p99 ${row['p99 ms']} ms  ` +
        `errors ${row.errors}  non-2xx ${row.non2xx}  code≠0 ${row['code≠0']}  ` +
        `${meets ? 'meets' : 'below'} the aim (≥ ${AIM.rps} req/s, p99 ≤ ${AIM.p99} ms)\n`,
    );
  }
  for (const row of rows) {
    console.log(
      `${row.call.padEnd(28)} ${row.ratio} of bare (${row['bare req/s']} req/s for ${row['answer B']} B)  ${row.ratio >= AIM.ratio ? 'meets' : 'below'} the aim (≥ ${AIM.ratio})`,
    );
  }
  console.log();
  console.table(rows);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
