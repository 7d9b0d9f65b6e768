// `npm run bench:soak [-- --minutes N]`: the mix of `npm run bench:load` (server/bench/load-mix.ts)
// at 50 connections for 10 minutes (or N) against WORKERS server processes (2) on a throw-away
// PostgreSQL. It fails (exit 1) on any error answer, on a serving process that changed (died and
// was restarted), and on a process whose memory grew more than 10 % after the warm-up (the first
// fifth of the run, at most 2 minutes).
//
// Memory is judged by each process's live heap: a heap snapshot (taken after a full collection,
// server/bench/heap.ts) at the end of the warm-up and at the end, the load paused for each, so
// the pause costs no answer. Resident memory (RSS, /proc/<pid>/status) is sampled every 10 s and
// printed with its floors (the lowest sample of the first and last thirds: server/bench/proc.ts,
// judgeMemory), but not judged: it follows the request rate and the heap's free room, and on a
// shared machine its floor moved by ±10 % while the live heap held still (docs/deploy.md).
//
// BENCH_CONNECTIONS (50), BENCH_WORKERS (2), BENCH_ORDERS (5000), BENCH_SAMPLE_SECONDS (10) and
// BENCH_MIX (as in bench:load) override. Rate limits are off, as in bench:load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseMix } from '../server/bench/mix-setting.ts';
import { drive } from '../server/bench/load-driver.ts';
import { benchDatabase, formatRun, loadAverage, prepareBenchData, signIn } from '../server/bench/load-run.ts';
import { liveHeapOf } from '../server/bench/heap.ts';
import { judgeMemory, type RssSample, rssOf, servingProcesses } from '../server/bench/proc.ts';
import { startThrowawayPostgres } from './postgres.mjs';
import { freePort, startServer, stopServer } from './server-process.mjs';

function minutesArg(): number {
  const i = process.argv.indexOf('--minutes');
  if (i < 0) return 10;
  const value = Number(process.argv[i + 1]);
  if (!(value > 0)) throw new Error('--minutes takes a number of minutes above 0, e.g. --minutes 2');
  return value;
}

const minutes = minutesArg();
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const workers = Number(process.env.BENCH_WORKERS ?? 2);
const orders = Number(process.env.BENCH_ORDERS ?? 5000);
const mix = parseMix(process.env.BENCH_MIX);
const sampleMs = Number(process.env.BENCH_SAMPLE_SECONDS ?? 10) * 1000;
const durationMs = minutes * 60_000;
const warmupMs = Math.min(120_000, durationMs / 5);
const GROWTH_LIMIT = 0.1;
const MB = 1024 * 1024;

const database = await startThrowawayPostgres();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-soak-'));
const heapDir = path.join(dataDir, 'heap');
fs.mkdirSync(heapDir);
let failed = false;
try {
  const url = await benchDatabase(database.url);
  const world = await prepareBenchData(url, { orders, customers: 5, users: 10 });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer(
    port,
    dataDir,
    {
      DATABASE_URL: url,
      WORKERS: String(workers),
      RATE_LIMITS: 'off',
      FILES_DIR: path.join(dataDir, 'files'),
      // SIGUSR2 writes a heap snapshot (server/bench/heap.ts)
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${heapDir}`.trim(),
    },
    [],
  );
  try {
    await server.ready;
    const users = await signIn(origin, world, connections, mix);
    const pid = server.child.pid as number;
    // workers fork after the primary has prepared the database: give them a moment to appear
    let processes = servingProcesses(pid);
    for (let i = 0; i < 50 && workers > 1 && processes.length < workers; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      processes = servingProcesses(pid);
    }
    console.log(
      `${minutes} min at ${connections} connections against WORKERS=${workers} (${processes.length} serving process${processes.length > 1 ? 'es' : ''}: ${processes.join(', ')}), ` +
        `memory sampled every ${sampleMs / 1000} s, judged after ${warmupMs / 1000} s of warm-up; load average ${loadAverage()}`,
    );
    const series = new Map<number, RssSample[]>(processes.map((p) => [p, []]));
    /** Requests answered by each sample's time, to compare the rate of the thirds judged. */
    const answered: Array<{ at: number; requests: number }> = [];
    // the warm-up, then the judged run; the load pauses between them (and after) for the snapshots
    let run = drive({ origin, users, durationMs: warmupMs });
    let before = { requests: 0, errors: 0 };
    let interrupted = false;
    // Ctrl-C: stop early, judge what was sampled, and remove the database and the files
    process.once('SIGINT', () => {
      interrupted = true;
      run.stop();
    });
    const liveHeaps = async () => {
      const heaps = new Map<number, number>();
      for (const p of processes) if (rssOf(p) !== null) heaps.set(p, await liveHeapOf(p, heapDir));
      return heaps;
    };
    const started = performance.now();
    let last = { requests: 0, errors: 0, at: started };
    const changed = new Set<number>();
    const sample = () => {
      const at = performance.now() - started;
      const now = servingProcesses(pid);
      for (const p of now) if (!series.has(p)) changed.add(p);
      const cells: string[] = [];
      for (const [p, samples] of series) {
        const rss = rssOf(p);
        if (rss === null) {
          changed.add(p);
          cells.push(`${p} gone`);
          continue;
        }
        samples.push({ at, rss });
        cells.push(`${p} ${(rss / MB).toFixed(0)} MB`);
      }
      const current = run.progress();
      const progress = {
        requests: before.requests + current.requests,
        errors: before.errors + current.errors,
      };
      answered.push({ at, requests: progress.requests });
      const rps = ((progress.requests - last.requests) * 1000) / (performance.now() - last.at);
      last = { ...progress, at: performance.now() };
      console.log(
        `  ${(at / 1000).toFixed(0).padStart(4)} s  ${rps.toFixed(0).padStart(5)} req/s  errors ${progress.errors}  ` +
          `RSS ${cells.join(', ')}  load ${loadAverage()}`,
      );
    };
    sample();
    const timer = setInterval(sample, sampleMs);
    const warm = await run.done;
    const heapsBefore = await liveHeaps();
    console.log(
      `  warm-up over: live heap ${[...heapsBefore].map(([p, b]) => `${p} ${(b / MB).toFixed(1)} MB`).join(', ')}`,
    );
    before = { requests: warm.requests, errors: warm.errors };
    run = drive({ origin, users, durationMs: interrupted ? 0 : durationMs - warmupMs });
    const result = await run.done;
    clearInterval(timer);
    sample();
    const heapsAfter = await liveHeaps();
    console.log(`\n${formatRun(result)}\n`);
    const verdicts = judgeMemory(series, { warmupMs, limit: GROWTH_LIMIT });
    // Resident memory follows the rate of requests: when the machine's other work changed the rate
    // between the thirds compared, say so beside its floors.
    const judged = answered.filter((a) => a.at >= warmupMs);
    const third = Math.floor(judged.length / 3);
    const rate = (from: number, to: number) => {
      const [a, b] = [judged[from], judged[to]];
      return a && b && b.at > a.at ? ((b.requests - a.requests) * 1000) / (b.at - a.at) : 0;
    };
    if (third >= 2) {
      const [early, late] = [rate(0, third - 1), rate(judged.length - third, judged.length - 1)];
      const change = early > 0 ? late / early - 1 : 0;
      console.log(
        `  requests/s in the first third after the warm-up ${early.toFixed(0)}, in the last ${late.toFixed(0)}` +
          (Math.abs(change) > 0.25
            ? ` (${change > 0 ? '+' : ''}${(change * 100).toFixed(0)} %: the memory of the two is not comparable; was the machine busy?)`
            : ''),
      );
    }
    for (const v of verdicts)
      console.log(
        `  process ${v.pid}: RSS floor ${(v.baseline / MB).toFixed(0)} MB after the warm-up → ${(v.last / MB).toFixed(0)} MB at the end, peak ${(v.peak / MB).toFixed(0)} MB ` +
          `(${Number.isFinite(v.growth) ? `${v.growth >= 0 ? '+' : ''}${(v.growth * 100).toFixed(1)} %` : 'not enough samples'}; shown, not judged: the snapshot at the warm-up's end collects everything, and RSS climbs back to its level afterwards)`,
      );
    const heapGrowth = new Map<number, number>();
    for (const [p, first] of heapsBefore) {
      const last = heapsAfter.get(p);
      if (last === undefined) continue;
      heapGrowth.set(p, last / first - 1);
      console.log(
        `  process ${p}: live heap ${(first / MB).toFixed(1)} MB after the warm-up → ${(last / MB).toFixed(1)} MB at the end ` +
          `(${last >= first ? '+' : ''}${((last / first - 1) * 100).toFixed(1)} %) ${last / first - 1 <= GROWTH_LIMIT ? 'ok' : `over ${GROWTH_LIMIT * 100} %`}`,
      );
    }
    const errors = warm.errors + result.errors;
    const problems = [
      ...(errors > 0 ? [`${errors} error answers`] : []),
      ...(changed.size ? [`serving processes changed (${[...changed].join(', ')}): a worker died`] : []),
      ...[...heapGrowth]
        .filter(([, growth]) => growth > GROWTH_LIMIT)
        .map(([p]) => `process ${p}'s live heap grew past ${GROWTH_LIMIT * 100} %`),
    ];
    console.log(problems.length ? `\nFAILED: ${problems.join('; ')}` : '\npassed: no errors, memory flat');
    if (problems.length) failed = true;
  } finally {
    await stopServer(server.child);
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await database.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
