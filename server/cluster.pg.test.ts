import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, stopServer } from '../scripts/server-process.mjs';
import { type OpenedDatabase, openDatabase } from './db/database.ts';
import { createEditorSetup, type EditorSetup, orderForm } from './testing/editor-fixtures.ts';
import { freshDatabase, postgresServerUrl } from './testing/pg-database.ts';

/**
 * `WORKERS=2` on PostgreSQL (server/cluster.ts) as the operator runs it: `server/main.ts` as a
 * child process on a fresh database, two workers behind one port. The tests run in order on the
 * one cluster; the last one (SIGTERM) ends it.
 */
const serverUrl = postgresServerUrl();

const HEADERS_TIMEOUT_MS = 6_000;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let database: OpenedDatabase;
let server: ReturnType<typeof startServer>;
let port: number;
let base: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-cluster-'));

beforeAll(async () => {
  fresh = await freshDatabase(serverUrl);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer(
    port,
    dataDir,
    {
      WORKERS: '2',
      DATABASE_URL: fresh.url,
      RATE_LIMITS: 'off',
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      // The drain test holds a login's body back until both workers drain; on a loaded machine
      // that took more than the 20 s a body (408) and a drain (cut) get by default, which is not
      // what it tests (server/http/slow-clients.test.ts and server/serving.test.ts test those).
      BODY_TIMEOUT_MS: '120000',
      DRAIN_TIMEOUT_MS: '120000',
    },
    [],
  );
  await server.ready;
  await workersServing(2);
  database = await openDatabase({ databaseUrl: fresh.url });
}, 180_000);

afterAll(async () => {
  if (server) await stopServer(server.child);
  await database?.close();
  await fresh?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  // stopServer gives a cluster that will not stop 10 s before SIGKILL: room for that and the rest
}, 30_000);

/** The workers that said they serve, by slot: the newest pid of each. */
function serving(): Map<number, number> {
  const pids = new Map<number, number>();
  for (const [, slot, pid] of server.log().matchAll(/Worker (\d+) \(pid (\d+)\): serving/g))
    pids.set(Number(slot), Number(pid));
  return pids;
}

/** Polls `check` every 20 ms until it holds; fails after `ms`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} did not happen in ${ms} ms:\n${server.log()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const workersServing = (n: number) => until(() => serving().size === n, 10_000, `${n} workers serving`);

/** `promise`, or a failure naming `what` (with the servers' log) once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen in ${ms} ms:\n${server.log()}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A call as a client makes it: given up after 15 s (a connection lost with its worker). */
async function post(name: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/${name}.html`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
}

/**
 * `GET /api/health.json` on a connection of its own (a new client: the cluster hands each new
 * connection to a listening worker in turn) → the status, or 0 when the connection failed.
 */
function healthOnNewConnection(): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(`${base}/api/health.json`, { agent: false, timeout: 15_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/** A user ready to order (stock enough for any stream of creates), signed in through the cluster. */
async function orderingUser(): Promise<EditorSetup & { token: string }> {
  const setup = await createEditorSetup(database.db);
  await database.db
    .updateTable('inventory')
    .set({ quantity: 1_000_000 })
    .where('in_id', '=', setup.stock.chilled.in_id)
    .execute();
  const login = await post('user/login', { username: setup.user.username, password: setup.user.password });
  expect(login.code).toBe(0);
  return { ...setup, token: String(login.data.access_token) };
}

/** A raw connection that sends a request head one header line every 100 ms and never ends it. */
function dribblingClient() {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => {});
  socket.write('GET /api/customer-service/cate-list.html HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  let n = 0;
  const drip = setInterval(() => socket.write(`X-Drip-${n++}: 1\r\n`), 100);
  let open = true;
  const closed = new Promise<string>((resolve) =>
    socket.once('close', () => {
      open = false;
      clearInterval(drip);
      resolve(received);
    }),
  );
  return { closed, isOpen: () => open };
}

describe('WORKERS=2 on PostgreSQL', () => {
  it('clients dribbling their headers hold no worker: other calls are answered meanwhile, and they get 408', {
    timeout: 30_000,
  }, async () => {
    // Ten slow clients, spread over both workers by the primary.
    const slow = Array.from({ length: 10 }, dribblingClient);
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/customer-service/cate-list.html`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { code: number }).code).toBe(0);
      times.push(performance.now() - started);
    }
    expect(
      slow.every((c) => c.isOpen()),
      'every slow client was still sending meanwhile',
    ).toBe(true);
    times.sort((a, b) => a - b);
    // Generous bounds, far below the slow clients' 6 s (a held worker would answer only after
    // them): CI runs this beside the build and the element tests on two cores, where 3 s for the
    // slow clients and 2 s for the slowest call proved too tight (a CI run failed here).
    expect(times[5]!, 'median').toBeLessThan(1_000);
    expect(times[9]!, 'slowest').toBeLessThan(3_000);
    for (const client of slow) expect(await client.closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('kill -9 of a worker during a stream of idempotent creates: every acknowledged order is whole, none is lost or doubled, and the worker comes back', {
    timeout: 120_000,
  }, async () => {
    const s = await orderingUser();
    const form = { ...orderForm(s), goods: [{ in_id: s.stock.chilled.in_id, quantity: 1 }] };
    const acknowledged = new Map<string, number>();
    let cut = 0;
    const failures: string[] = [];
    let stopAt = Number.POSITIVE_INFINITY;

    /** One create with a new key, retried with the same key (as the editor does) until answered. */
    async function createOne(): Promise<void> {
      const key = randomUUID();
      for (;;) {
        try {
          const answer = await post('customer-order/create', form, {
            'X-Token': s.token,
            'Idempotency-Key': key,
          });
          if (answer.code === 0) acknowledged.set(key, Number(answer.data.id));
          else failures.push(`${answer.code} ${answer.message}`);
          return;
        } catch {
          // the connection broke (the worker died under it) or never answered: the same key again
          cut++;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    }
    const clients = Array.from({ length: 6 }, async () => {
      while (acknowledged.size < stopAt) await createOne();
    });

    await until(() => acknowledged.size >= 20, 20_000, '20 acknowledged creates');
    const before = serving();
    const victim = before.get(1)!;
    process.kill(victim, 'SIGKILL');
    const killedAt = acknowledged.size;
    // New clients while worker 1 is away and boots again: worker 2 answers them all (a new
    // worker listens only once booted; listening at once, it answered 503 to every other one).
    // (from when the primary knows worker 1 is gone: a connection it handed to the dying
    // worker was lost with it, as the creates above were cut)
    await until(() => server.log().includes(`(pid ${victim}) ended`), 10_000, 'worker 1 seen gone');
    const probes: number[] = [];
    let probing = true;
    const prober = (async () => {
      while (probing) probes.push(await healthOnNewConnection());
    })();
    await until(() => serving().get(1) !== victim, 45_000, 'worker 1 back');
    probing = false;
    await prober;
    stopAt = acknowledged.size + 20;
    await Promise.all(clients);

    expect(probes.length, 'new clients came while worker 1 was away').toBeGreaterThan(5);
    expect(
      probes.filter((status) => status !== 200),
      'each new client answered 200',
    ).toEqual([]);
    expect(failures).toEqual([]);
    expect(cut, 'requests were cut by the kill (else this proved nothing)').toBeGreaterThan(0);
    expect(acknowledged.size).toBeGreaterThan(killedAt);
    expect(server.log()).toMatch(
      new RegExp(`Worker 1 \\(pid ${victim}\\) ended \\(killed by SIGKILL\\); starting it again in 250 ms`),
    );
    const back = serving().get(1)!;
    expect(() => process.kill(back, 0), 'the new worker runs').not.toThrow();
    expect(serving().get(2), 'the other worker was not touched').toBe(before.get(2));

    // What the database holds: exactly the acknowledged orders, each whole.
    const db = database.db;
    const ids = [...acknowledged.values()];
    expect(new Set(ids).size, 'one order per key').toBe(acknowledged.size);
    const orders = await db.selectFrom('orders').select('id').where('cu_id', '=', s.cuId).execute();
    expect(orders.map((o) => o.id).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    const count = async (table: 'order_goods' | 'order_boxes' | 'order_events') => {
      const rows = await db.selectFrom(table).select(['order_id']).where('order_id', 'in', ids).execute();
      return rows.length;
    };
    expect(await count('order_goods'), 'a goods line per order').toBe(ids.length);
    expect(await count('order_boxes'), 'a box per order').toBe(ids.length);
    expect(await count('order_events'), 'a created event per order').toBe(ids.length);
    const stock = await db
      .selectFrom('inventory')
      .select('reserved')
      .where('in_id', '=', s.stock.chilled.in_id)
      .executeTakeFirstOrThrow();
    expect(Number(stock.reserved), 'one reserved unit per order').toBe(ids.length);
    const keys = await db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('uid', '=', s.user.uid)
      .execute();
    expect(keys.map((k) => k.key).sort()).toEqual([...acknowledged.keys()].sort());
  });

  it('SIGTERM to the primary drains: a request in flight is answered before the workers exit, and no new connection is taken', {
    timeout: 120_000,
  }, async () => {
    const body = JSON.stringify({ username: `nobody-${randomUUID().slice(0, 8)}`, password: 'Not-it-2026' });
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // The head of a login, then the body only once the server says to go on (100 Continue): the
    // request is then in flight in a worker, waiting for its body.
    socket.write(
      'POST /api/user/login.html HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Accept-Language: en\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    await until(() => received.startsWith('HTTP/1.1 100 Continue'), 10_000, '100 Continue');

    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');
    await until(
      () => (server.log().match(/: SIGTERM: closing the server and the database/g) ?? []).length === 2,
      10_000,
      'both workers draining',
    );
    // A new connection is refused, or closed, or (accepted by the primary in the moment before
    // both workers' close reached it) left without an answer: never answered. A clean clone once
    // waited here past the test's limit, with no way to tell which await it was: each wait below
    // is bounded and says what it waited for.
    const probe = net.connect(port, '127.0.0.1');
    const refusedOrGone = await new Promise<boolean>((resolve) => {
      const silent = setTimeout(() => resolve(true), 5_000);
      const settle = (answer: boolean) => {
        clearTimeout(silent);
        resolve(answer);
      };
      probe.once('connect', () => {
        probe.once('close', () => settle(true));
        probe.once('data', () => settle(false));
        probe.write('GET /api/customer-service/cate-list.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      });
      probe.once('error', () => settle(true));
    });
    probe.destroy();
    expect(refusedOrGone, 'a new connection gets no answer while draining').toBe(true);
    expect(server.child.exitCode, 'the cluster waits for the request').toBeNull();

    socket.write(body);
    await within(closed, 40_000, 'the answer to the request in flight (its connection closed)');
    // (two clean clones failed here when the wait above outlasted the body's and the drain's
    // default 20 s: a 408, and a request cut with no answer; both are raised for this server)
    expect(received, `the servers' log:\n${server.log().slice(-3000)}`).toMatch(
      /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /,
    );
    expect(received.toLowerCase()).toContain('connection: close');
    expect(received).toContain('"code":406');
    const started = performance.now();
    expect(await within(exited, 20_000, 'the cluster exiting')).toBe(0);
    expect(performance.now() - started, 'idle keep-alive connections did not hold the exit').toBeLessThan(
      5_000,
    );
  });
});
