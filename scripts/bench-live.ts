// `npm run bench:live`: what the live stream costs one server process (server/areas/live).
//
// One server process (this file again, `--serve`, a child with --expose-gc: its memory is the
// server's alone) boots as `npm start` does on the embedded PGlite (a migrated data folder in a
// temporary directory; BENCH_DB=postgres: a throw-away PostgreSQL, scripts/postgres.mjs) and serves
// on a local port as main.ts does (server/serving.ts, the per-address cap raised above the streams).
// This process opens BENCH_STREAMS streams (1,000) over real HTTP connections, one socket each: a
// ticket (`live/ticket`) then `GET /api/live/stream`, BENCH_PER_USER (8, the server's limit) a
// user, BENCH_USERS_PER_CUSTOMER (5) users a customer. The server's memory (after a full
// collection) before and after says what a stream holds. Then the server commits events
// (the outbox's `appendEvents`, each in a transaction of its own, for every user of a customer)
// at BENCH_RATE a second (50) for BENCH_SECONDS (10), to the customers in turn, and each client
// notes when each event arrives: the fan-out latency (commit to event read by each stream that
// follows the customer), p50/p99/max. Exits 1 when an event is missing or a stream did not open.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0`);
  return value;
};
const STREAMS = number('BENCH_STREAMS', 1000);
const PER_USER = number('BENCH_PER_USER', 8);
const USERS_PER_CUSTOMER = number('BENCH_USERS_PER_CUSTOMER', 5);
const RATE = number('BENCH_RATE', 50);
const SECONDS = number('BENCH_SECONDS', 10);
const DB_KIND = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
/** Streams opened at once. */
const OPENING = 50;
/** How long the clients wait for the last events after the last commit. */
const DRAIN_MS = 30_000;

/** A wall-clock time in ms with sub-ms precision, comparable between the two processes. */
const clock = () => performance.timeOrigin + performance.now();

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** Streams the server's hub follows. */
  followed: number;
}

/** What the server process and this one tell each other (IPC). */
type ToServer =
  | { type: 'memory' }
  | { type: 'commit'; customers: number[]; rate: number; seconds: number }
  | { type: 'stop' };
type FromServer =
  | {
      type: 'ready';
      port: number;
      sessions: Array<{ token: string; cuId: number }>;
      setupMs: number;
      bootMs: number;
    }
  | ({ type: 'memory' } & Memory)
  | { type: 'committed'; commits: Array<{ id: string; at: number; ms: number }> };

// ————— the server process —————

async function serve(): Promise<void> {
  const { loadConfig } = await import('../server/config.ts');
  const { boot } = await import('../server/boot.ts');
  const { startServing } = await import('../server/serving.ts');
  const { perAddressOf } = await import('../server/http/busy-answer.ts');
  const { liveHub } = await import('../server/areas/live/stream.ts');
  const { appendEvents } = await import('../server/areas/live/outbox.ts');
  const { createUser } = await import('../server/testing/fixtures.ts');
  const { migratedDataFolder } = await import('../server/testing/pglite-template.ts');
  const send = (message: FromServer) => process.send?.(message);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the server process needs --expose-gc');

  const started = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-live-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = path.join(work, 'data');
  if (!databaseUrl) await migratedDataFolder(dataDir);
  const base = loadConfig({
    NODE_ENV: 'test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  });
  const config = {
    ...base,
    distDir: '/nonexistent-dist',
    filesDir: path.join(work, 'files'),
    rateLimits: false,
    // every client is 127.0.0.1: its open streams count against one address
    maxRequestsPerAddress: STREAMS + 200,
    live: { ...base.live, maxStreams: Math.max(base.live.maxStreams, STREAMS), perUser: PER_USER },
  };
  const booted = await boot(config);
  const db = booted.deps.db;
  const bootMs = performance.now() - started;

  // the users, USERS_PER_CUSTOMER to a customer, signed in (and one more for the warm-up stream)
  const users = Math.ceil(STREAMS / PER_USER) + 1;
  const sessions: Array<{ token: string; cuId: number }> = [];
  let cuId = 0;
  for (let i = 0; i < users; i++) {
    const user = await createUser(db);
    if (i % USERS_PER_CUSTOMER === 0) cuId = user.customers[0]!.cu_id;
    else {
      await db.insertInto('user_customers').values({ uid: user.uid, cu_id: cuId }).execute();
      await db.updateTable('users').set({ default_cu_id: cuId }).where('uid', '=', user.uid).execute();
    }
    const res = await booted.app.request('/api/user/login.html', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    const body = (await res.json()) as { code: number; message: string; data: { access_token: string } };
    if (body.code !== 0)
      throw new Error(`sign-in of ${user.username} answered ${body.code}: ${body.message}`);
    sessions.push({ token: body.data.access_token, cuId });
  }

  const serving = await startServing(booted.app.fetch, {
    port: 0,
    host: '127.0.0.1',
    tls: null,
    headersTimeoutMs: config.headersTimeoutMs,
    perAddress: perAddressOf(config),
  });

  const memory = (): Memory => {
    gc();
    gc();
    const m = process.memoryUsage();
    return {
      rss: m.rss,
      heapUsed: m.heapUsed,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      followed: liveHub(booted.deps).followed,
    };
  };

  /** One event for every user of `customer`, committed on its own; its place and when it committed. */
  const commitOne = async (customer: number) => {
    const t0 = performance.now();
    const seq = await db.transaction().execute(async (trx) => {
      await appendEvents(
        trx,
        [
          {
            cuId: customer,
            kind: 'order',
            action: 'track',
            recordId: 1,
            orderId: 1,
            actor: { kind: 'provider', id: null, name: 'bench:live' },
          },
        ],
        new Date(),
      );
      const head = await trx
        .selectFrom('event_heads')
        .select('seq')
        .where('cu_id', '=', customer)
        .executeTakeFirstOrThrow();
      return head.seq;
    });
    return { id: `${customer}:${seq}`, at: clock(), ms: performance.now() - t0 };
  };

  process.on('message', (message: ToServer) => {
    if (message.type === 'memory') send({ type: 'memory', ...memory() });
    else if (message.type === 'commit') {
      void (async () => {
        const total = message.rate * message.seconds;
        const start = performance.now();
        const pending: Array<Promise<{ id: string; at: number; ms: number }>> = [];
        for (let i = 0; i < total; i++) {
          // paced: the i-th commit starts at i / rate seconds, whatever the ones before it take
          const wait = start + (i * 1000) / message.rate - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          pending.push(commitOne(message.customers[i % message.customers.length]!));
        }
        send({ type: 'committed', commits: await Promise.all(pending) });
      })();
    } else if (message.type === 'stop') {
      void (async () => {
        await serving.drain(1000);
        await booted.database.close();
        fs.rmSync(work, { recursive: true, force: true });
        process.exit(0);
      })();
    }
  });
  send({
    type: 'ready',
    port: serving.address.port,
    sessions,
    setupMs: performance.now() - started,
    bootMs,
  });
}

// ————— the clients —————

/** One stream as a client reads it: when each event arrived, by its id (`cu:seq`). */
interface Stream {
  cuId: number;
  hello: Promise<void>;
  arrived: Map<string, number>;
  ended: boolean;
  request: http.ClientRequest;
}

/** Waits for the server's next message of `type`. */
function reply<T extends FromServer['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<FromServer, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromServer) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<FromServer, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`the server process exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function post<T>(agent: http.Agent, port: number, name: string, token: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/${name}.html`,
        headers: { 'content-type': 'application/json', 'x-token': token },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          const body = JSON.parse(text) as { code: number; message: string; data: T };
          if (body.code !== 0) reject(new Error(`${name} answered ${body.code}: ${body.message}`));
          else resolve(body.data);
        });
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

/** Opens a stream on its own connection; `hello` resolves once its first event came. */
async function openStream(
  agent: http.Agent,
  port: number,
  session: { token: string; cuId: number },
): Promise<Stream> {
  const { url } = await post<{ url: string }>(agent, port, 'live/ticket', session.token);
  let told: () => void = () => {};
  let failed: (error: Error) => void = () => {};
  const hello = new Promise<void>((resolve, reject) => {
    told = resolve;
    failed = reject;
  });
  const stream: Stream = {
    cuId: session.cuId,
    hello,
    arrived: new Map(),
    ended: false,
    request: http.get({ agent, host: '127.0.0.1', port, path: url }, (res) => {
      if (res.statusCode !== 200) {
        failed(new Error(`the stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = clock();
        buffer += chunk;
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          let id: string | null = null;
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('id:')) id = line.slice(3).trim();
          }
          if (event === 'hello') told();
          else if (event === 'change' && id) stream.arrived.set(id, at);
        }
      });
      res.on('close', () => {
        stream.ended = true;
        failed(new Error('the stream ended before its hello'));
      });
    }),
  };
  stream.request.on('error', (error) => failed(error));
  return stream;
}

const quantile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function run(): Promise<void> {
  const { startThrowawayPostgres } = await import('./postgres.mjs');
  const pg = DB_KIND === 'postgres' ? await startThrowawayPostgres() : null;
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, ...(pg ? { BENCH_DATABASE_URL: pg.url } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const streams: Stream[] = [];
  let failed = false;
  try {
    const ready = await reply(child, 'ready');
    const { port, sessions } = ready;
    console.log(
      `server on ${DB_KIND} at 127.0.0.1:${port}: ${sessions.length} users signed in, ` +
        `${new Set(sessions.map((s) => s.cuId)).size} customers (${(ready.setupMs / 1000).toFixed(1)} s to set up, ${(ready.bootMs / 1000).toFixed(1)} s of it to boot)`,
    );
    // one stream opened and let go first: what the first stream loads is not counted per stream
    const warm = await openStream(agent, port, sessions.at(-1)!);
    await warm.hello;
    warm.request.destroy();
    child.send({ type: 'memory' } satisfies ToServer);
    const before = await reply(child, 'memory');

    const opening = performance.now();
    let next = 0;
    const opener = async () => {
      for (;;) {
        const i = next++;
        if (i >= STREAMS) return;
        const stream = await openStream(agent, port, sessions[Math.floor(i / PER_USER)]!);
        streams.push(stream);
        await stream.hello;
      }
    };
    await Promise.all(Array.from({ length: OPENING }, opener));
    const openedMs = performance.now() - opening;
    child.send({ type: 'memory' } satisfies ToServer);
    const after = await reply(child, 'memory');
    if (after.followed !== STREAMS) {
      failed = true;
      console.error(`the server follows ${after.followed} streams, not ${STREAMS}`);
    }

    // the fan-out: commits at RATE a second to the customers in turn
    const customers = [...new Set(streams.map((s) => s.cuId))];
    const followers = new Map<number, Stream[]>();
    for (const s of streams) followers.set(s.cuId, [...(followers.get(s.cuId) ?? []), s]);
    child.send({ type: 'commit', customers, rate: RATE, seconds: SECONDS } satisfies ToServer);
    const { commits } = await reply(child, 'committed');
    const expected = commits.reduce(
      (n, c) => n + (followers.get(Number(c.id.split(':')[0]))?.length ?? 0),
      0,
    );
    const told = () => streams.reduce((n, s) => n + s.arrived.size, 0);
    const deadline = Date.now() + DRAIN_MS;
    while (told() < expected && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const latencies: number[] = [];
    let missing = 0;
    for (const commit of commits) {
      for (const s of followers.get(Number(commit.id.split(':')[0])) ?? []) {
        const at = s.arrived.get(commit.id);
        if (at === undefined) missing += 1;
        else latencies.push(Math.max(0, at - commit.at));
      }
    }
    latencies.sort((x, y) => x - y);
    const commitMs = commits.map((c) => c.ms).sort((x, y) => x - y);
    const ended = streams.filter((s) => s.ended).length;
    if (missing || ended) failed = true;

    const rows: Array<[string, string]> = [
      ['streams open', `${after.followed} (${STREAMS} asked), opened in ${(openedMs / 1000).toFixed(1)} s`],
      ['server RSS', `${mb(before.rss)} → ${mb(after.rss)}`],
      ['server heap used', `${mb(before.heapUsed)} → ${mb(after.heapUsed)}`],
      ['RSS per stream', kb((after.rss - before.rss) / STREAMS)],
      ['heap per stream', kb((after.heapUsed - before.heapUsed) / STREAMS)],
      ['external per stream', kb((after.external - before.external) / STREAMS)],
      [
        'commits',
        `${commits.length} at ${RATE}/s over ${SECONDS} s to ${customers.length} customers ` +
          `(${Math.round(STREAMS / customers.length)} streams each); commit p50 ${ms(quantile(commitMs, 0.5))}, ` +
          `p99 ${ms(quantile(commitMs, 0.99))}`,
      ],
      ['events told', `${latencies.length} of ${expected}${missing ? ` (${missing} missing)` : ''}`],
      ['fan-out p50', ms(quantile(latencies, 0.5))],
      ['fan-out p99', ms(quantile(latencies, 0.99))],
      ['fan-out max', ms(latencies.at(-1) ?? Number.NaN)],
      ['streams ended early', String(ended)],
    ];
    const width = Math.max(...rows.map(([name]) => name.length));
    for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
    console.log(
      `machine: ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; node ${process.version}`,
    );
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
  } finally {
    for (const s of streams) s.request.destroy();
    agent.destroy();
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' } satisfies ToServer);
      await exited;
    }
    await pg?.stop();
  }
  if (failed) process.exitCode = 1;
}

if (process.argv.includes('--serve')) await serve();
else await run();
