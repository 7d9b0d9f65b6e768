import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer, stopServer } from '../../scripts/server-process.mjs';
import { type DB, openDatabase } from '../db/database.ts';
import { createEditorSetup, type EditorSetup, orderForm } from './editor-fixtures.ts';

/**
 * A real server process (`server/main.ts`, one process or a cluster) on a PostgreSQL of the
 * test's own, for the tests of what an operator sees: the database going away, a start while it
 * is away. Calls go over a connection of their own each (no keep-alive), so a refused or reset
 * connection is the server's doing, never a reused socket's.
 */
export interface ServerProcess {
  port: number;
  /** The primary (or the only process). */
  pid: number;
  /**
   * Resolves once the start message is printed (every worker serves); rejects if it exits first,
   * or 120 s after the spawn (a start that waits for its database: poll `started()` instead).
   */
  ready: Promise<void>;
  /** True once the start message is printed. */
  started(): boolean;
  log(): string;
  /** Null while it runs. */
  exitCode(): number | null;
  /** Every line `Worker <slot> (pid <pid>): <what>…` printed so far, in order. */
  workerLines(what: string): Array<{ slot: number; pid: number }>;
  stop(): Promise<void>;
}

export async function startServerProcess(databaseUrl: string, workers: number): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-outage-'));
  const server = startServer(
    port,
    dataDir,
    { WORKERS: String(workers), DATABASE_URL: databaseUrl, RATE_LIMITS: 'off' },
    [],
  );
  // (a test that fails before the start completes must not leave this rejection unheard)
  server.ready.catch(() => {});
  return {
    port,
    pid: server.child.pid ?? 0,
    ready: server.ready,
    log: server.log,
    started: () => server.log().includes('LP customer portal on '),
    exitCode: () => server.child.exitCode,
    workerLines(what) {
      const lines: Array<{ slot: number; pid: number }> = [];
      for (const line of server.log().split('\n')) {
        const match = /^Worker (\d+) \(pid (\d+)\): (.*)$/.exec(line);
        if (match?.[3]?.startsWith(what)) lines.push({ slot: Number(match[1]), pid: Number(match[2]) });
      }
      return lines;
    },
    async stop() {
      await stopServer(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest pid of each slot that printed `what` (`serving`, `the database is unavailable`). */
export function workerPids(server: ServerProcess, what: string): Map<number, number> {
  const pids = new Map<number, number>();
  for (const { slot, pid } of server.workerLines(what)) pids.set(slot, pid);
  return pids;
}

/** True while the process `pid` runs. */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface Answer {
  status: number;
  retryAfter: string | undefined;
  text: string;
  envelope: { code: number; message: string; data: unknown } | null;
}

/** One call on a connection of its own; rejects when no answer comes (refused, reset, 20 s). */
export function call(
  port: number,
  name: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/${name}`,
        method: body === undefined ? 'GET' : 'POST',
        agent: false,
        headers: {
          'accept-language': 'en',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...init.headers,
        },
        timeout: 20_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('error', reject);
        res.on('end', () => {
          let envelope: Answer['envelope'] = null;
          try {
            envelope = JSON.parse(text) as Answer['envelope'];
          } catch {}
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter, text, envelope });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in 20 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/** Why `answer` is not the documented 503 (`Retry-After`, the envelope, no details), or null. */
export function notUnavailable(answer: Answer): string | null {
  const e = answer.envelope;
  const ok =
    answer.status === 503 &&
    answer.retryAfter === '2' &&
    e?.code === 503 &&
    e.data === null &&
    e.message === 'The service is briefly unavailable, please try again in a moment';
  return ok ? null : `${answer.status} retry-after=${answer.retryAfter} ${answer.text.slice(0, 300)}`;
}

/**
 * Polls `check` every 50 ms until it holds; fails after `ms` with `what` and the server's log, or
 * at once when the server has exited.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
  server?: ServerProcess,
): Promise<void> {
  const end = Date.now() + ms;
  const log = () => server?.log().slice(-4000) ?? '';
  while (!(await check())) {
    if (server && server.exitCode() !== null)
      throw new Error(`${what}: the server exited (${server.exitCode()}). Its log:\n${log()}`);
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms. The server's log:\n${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Calls until one is answered (a process still loading its code refuses connections). */
export async function firstAnswer(
  server: ServerProcess,
  name: string,
  init: Parameters<typeof call>[2] = {},
  ms = 120_000,
): Promise<Answer> {
  let answer: Answer | null = null;
  await until(
    async () => {
      answer = await call(server.port, name, init).catch(() => null);
      return answer !== null;
    },
    ms,
    `an answer to ${name}`,
    server,
  );
  return answer as unknown as Answer;
}

/**
 * Clients creating orders through the API, as the order editor does: each create has a new
 * Idempotency-Key and is sent again with the same key after a 503 (or no answer) until it is
 * answered. Every answer that is neither a success nor the documented 503 is kept in `wrong`.
 */
export class OrderWriters {
  /** Idempotency-Key → the order's id, for every create answered with code 0. */
  readonly acknowledged = new Map<string, number>();
  /** What should not have been answered (or the calls that got no answer at all). */
  readonly wrong: string[] = [];
  /** How many 503s the writers got. */
  unavailable = 0;
  #stopping = false;
  #aborted = false;
  readonly #running: Promise<void>[];

  constructor(
    private readonly port: number,
    private readonly token: string,
    private readonly form: unknown,
    count: number,
  ) {
    this.#running = Array.from({ length: count }, () => this.#write());
  }

  async #write(): Promise<void> {
    while (!this.#stopping) {
      const key = randomUUID();
      while (!this.#aborted) {
        const answer = await call(this.port, 'customer-order/create.html', {
          body: this.form,
          headers: { 'x-token': this.token, 'idempotency-key': key },
        }).catch((error: Error & { code?: string }) => {
          this.wrong.push(`no answer: ${error.code ?? error.message}`);
          return null;
        });
        if (answer?.status === 200 && answer.envelope?.code === 0) {
          this.acknowledged.set(key, Number((answer.envelope.data as { id: number }).id));
          break;
        }
        if (answer) {
          const why = notUnavailable(answer);
          if (why) {
            this.wrong.push(why);
            break;
          }
          this.unavailable++;
        }
        await new Promise((r) => setTimeout(r, answer ? 50 : 100));
      }
    }
  }

  /** Each writer finishes the create it has begun (until it is answered), then stops. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await Promise.all(this.#running);
  }

  /** Stops at once (a failed test): creates begun are left unanswered. */
  async abort(): Promise<void> {
    this.#aborted = true;
    await this.stop();
  }
}

/**
 * A user of a new customer ready to order (stock enough for any stream of creates), made in the
 * server's database once it is migrated, and signed in through the server.
 */
export async function orderingUser(databaseUrl: string, port: number) {
  const database = await openDatabase({ databaseUrl });
  try {
    const setup = await createEditorSetup(database.db);
    await database.db
      .updateTable('inventory')
      .set({ quantity: 1_000_000 })
      .where('in_id', '=', setup.stock.chilled.in_id)
      .execute();
    const login = await call(port, 'user/login.html', {
      body: { username: setup.user.username, password: setup.user.password },
    });
    if (login.envelope?.code !== 0) throw new Error(`the login failed: ${login.text}`);
    const token = String((login.envelope.data as { access_token: string }).access_token);
    const form = { ...orderForm(setup), goods: [{ in_id: setup.stock.chilled.in_id, quantity: 1 }] };
    return { setup, token, form };
  } finally {
    await database.close();
  }
}

/** What the database holds for the orders of `setup`'s customer, to compare with the acknowledged. */
export async function ordersHeld(db: DB, setup: EditorSetup) {
  const orders = await db.selectFrom('orders').select('id').where('cu_id', '=', setup.cuId).execute();
  const ids = orders.map((o) => o.id).sort((a, b) => a - b);
  const count = async (table: 'order_goods' | 'order_boxes' | 'order_events') =>
    ids.length
      ? (await db.selectFrom(table).select('order_id').where('order_id', 'in', ids).execute()).length
      : 0;
  const stock = await db
    .selectFrom('inventory')
    .select('reserved')
    .where('in_id', '=', setup.stock.chilled.in_id)
    .executeTakeFirstOrThrow();
  const keys = await db
    .selectFrom('idempotency_keys')
    .select('key')
    .where('uid', '=', setup.user.uid)
    .execute();
  return {
    ids,
    goodsLines: await count('order_goods'),
    boxes: await count('order_boxes'),
    events: await count('order_events'),
    reserved: Number(stock.reserved),
    keys: keys.map((k) => k.key).sort(),
  };
}

/** What `ordersHeld` must say when exactly the acknowledged orders were made, each whole. */
export function expectedHeld(acknowledged: ReadonlyMap<string, number>) {
  const n = acknowledged.size;
  return {
    ids: [...acknowledged.values()].sort((a, b) => a - b),
    goodsLines: n,
    boxes: n,
    events: n,
    reserved: n,
    keys: [...acknowledged.keys()].sort(),
  };
}
