import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveChange, LiveTicket } from '../../../src/contract/live/schemas.ts';
import { type Booted, boot } from '../../boot.ts';
import { loadConfig, type ServerConfig } from '../../config.ts';
import { createUser, type FixtureUser } from '../../testing/fixtures.ts';
import { type LiveClient, openStreamWith, type ReadEvent } from '../../testing/live-client.ts';
import { freshDatabase, postgresServerUrl } from '../../testing/pg-database.ts';
import { socketFrom } from '../../testing/test-app.ts';
import { closeHub } from './hub.ts';
import { appendEvents } from './outbox.ts';
import { liveHub } from './stream.ts';

/**
 * The live stream across server processes on one PostgreSQL: `boot()` instances on one fresh
 * database, each with its own pool, bus and hub, as processes have (server/multi-process.pg.test.ts).
 * A change committed on one reaches a stream open on another: at once through LISTEN, within the
 * poll without it, and a stream that dropped resumes from its last place without losing anything.
 */
const serverUrl = postgresServerUrl();

interface Instance extends Booted {
  call<T = unknown>(
    name: string,
    init?: { body?: unknown; token?: string },
  ): Promise<{ code: number; data: T }>;
  /** A stream of the session of `token` on this instance (its ticket from `ticketFrom`, this one by default). */
  stream(token: string, options?: { after?: string; ticketFrom?: Instance }): Promise<LiveClient>;
  close(): Promise<void>;
}

const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-live-files-'));

async function start(url: string, live: Partial<ServerConfig['live']> = {}): Promise<Instance> {
  const base = loadConfig({ DATABASE_URL: url, NODE_ENV: 'test' });
  const config: ServerConfig = {
    ...base,
    distDir: '/nonexistent-dist',
    filesDir,
    rateLimits: false,
    live: { ...base.live, ...live },
  };
  const booted = await boot(config);
  const address = '10.0.0.2';
  const instance: Instance = {
    ...booted,
    async call(name, init = {}) {
      const res = await booted.app.request(
        `/api/${name}.html`,
        {
          method: init.body === undefined ? 'GET' : 'POST',
          headers: {
            'accept-language': 'en',
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(init.token ? { 'x-token': init.token } : {}),
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        },
        socketFrom(address),
      );
      return (await res.json()) as { code: number; data: never };
    },
    async stream(token, options = {}) {
      const issued = await (options.ticketFrom ?? instance).call<LiveTicket>('live/ticket', {
        token,
        body: {},
      });
      expect(issued.code).toBe(0);
      const url = options.after
        ? `${issued.data.url}&after=${encodeURIComponent(options.after)}`
        : issued.data.url;
      return openStreamWith((to, init) => booted.app.request(to, init, socketFrom(address)), url);
    },
    async close() {
      closeHub(booted.deps.db);
      await booted.database.close();
    },
  };
  return instance;
}

let database: { url: string; drop(): Promise<void> };
let a: Instance;
let b: Instance;
beforeAll(async () => {
  database = await freshDatabase(serverUrl);
  a = await start(database.url);
  b = await start(database.url);
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.drop();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** A user of a customer of its own, signed in on `on`. */
async function signedIn(on: Instance): Promise<{ user: FixtureUser; cuId: number; token: string }> {
  const user = await createUser(on.deps.db);
  const res = await on.call<{ access_token: string }>('user/login', {
    body: { username: user.username, password: user.password },
  });
  expect(res.code).toBe(0);
  return { user, cuId: user.customers[0]!.cu_id, token: res.data.access_token };
}

/**
 * Commits one change on `on` for the user: the `i`th of a run, a draft saved through the API
 * (three in four) or an order's event appended in a transaction of its own (every user of the
 * customer hears it). Resolves once committed, with what the stream should tell.
 */
async function commit(on: Instance, s: { cuId: number; token: string }, i: number): Promise<LiveChange> {
  if (i % 4 !== 3) {
    const saved = await on.call<{ id: number }>('customer-order/save-draft-box', {
      token: s.token,
      body: { idempotency_key: randomUUID(), data: { from_company: `草稿 ${i}` } },
    });
    expect(saved.code).toBe(0);
    return { kind: 'draft', action: 'save', id: String(saved.data.id), order: null };
  }
  const orderId = 1_000_000 + i;
  await on.deps.db.transaction().execute((trx) =>
    appendEvents(
      trx,
      [
        {
          cuId: s.cuId,
          kind: 'order',
          action: 'track',
          recordId: orderId,
          orderId,
          actor: { kind: 'provider', id: null, name: 'live.pg.test' },
        },
      ],
      new Date(),
    ),
  );
  return { kind: 'order', action: 'track', id: String(orderId), order: orderId };
}

const placeOf = (e: ReadEvent) => Number((e.id ?? '').split(':')[1]);

/**
 * Commits `count` changes on `writer` one after another, each read off `stream` before the next:
 * each must be the stream's next event, at the next place (in order, none missing). The
 * milliseconds from each commit's answer to its event (its latency; an event told before the
 * answer was read counts 0), and from the start of each commit's call (an upper bound).
 */
async function changesArrive(
  writer: Instance,
  s: { cuId: number; token: string },
  stream: LiveClient,
  from: number,
  count: number,
): Promise<{ latencies: number[]; fromCall: number[] }> {
  const latencies: number[] = [];
  const fromCall: number[] = [];
  for (let i = 0; i < count; i++) {
    const called = performance.now();
    const expected = await commit(writer, s, i);
    const committed = performance.now();
    const told = await stream.next();
    latencies.push(performance.now() - committed);
    fromCall.push(performance.now() - called);
    expect(told.event).toBe('change');
    expect(told.id).toBe(`${s.cuId}:${from + i + 1}`);
    expect(JSON.parse(told.data)).toEqual(expected);
  }
  return { latencies, fromCall };
}

/** The `p` quantile of the values (nearest rank). */
const quantile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
};
const summary = (latencies: readonly number[]) =>
  `p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms, ` +
  `max ${Math.max(...latencies).toFixed(1)} ms over ${latencies.length}`;

/** The events of a stream after its first, as places: each one more than the one before. */
const placesAfterHello = (stream: LiveClient) =>
  stream
    .history()
    .filter((e) => e.event === 'change')
    .map(placeOf);

describe('the live stream across two server processes on PostgreSQL', () => {
  it('tells B’s stream each of 200 changes committed on A, in order, none missing, p99 under a second (LISTEN)', async () => {
    expect([a.deps.bus.kind, a.deps.bus.up, b.deps.bus.up]).toEqual(['postgres', true, true]);
    expect(liveHub(b.deps).options.listen).toBe(true);
    const s = await signedIn(a);
    // the ticket of A opens the stream on B: the signing key is the database's
    const stream = await b.stream(s.token, { ticketFrom: a });
    try {
      expect(stream.status).toBe(200);
      const hello = await stream.next();
      expect(hello.event).toBe('hello');
      const from = placeOf(hello);
      const { latencies, fromCall } = await changesArrive(a, s, stream, from, 200);
      expect(placesAfterHello(stream)).toEqual(Array.from({ length: 200 }, (_, i) => from + i + 1));
      console.info(
        `live A → B through LISTEN, commit's answer to event: ${summary(latencies)}; ` +
          `commit's call to event: ${summary(fromCall)}`,
      );
      expect(quantile(latencies, 0.99)).toBeLessThan(1000);
    } finally {
      await stream.close();
    }
  });

  it('tells them within the poll without LISTEN (live.listen off), none missing', async () => {
    const pollMs = 200;
    const c = await start(database.url, { listen: false, pollMs });
    const d = await start(database.url, { listen: false, pollMs });
    try {
      expect(liveHub(d.deps).options).toMatchObject({ listen: false, pollMs });
      const s = await signedIn(c);
      const stream = await d.stream(s.token);
      try {
        const hello = await stream.next();
        expect(hello.event).toBe('hello');
        const from = placeOf(hello);
        const { latencies } = await changesArrive(c, s, stream, from, 20);
        expect(placesAfterHello(stream)).toEqual(Array.from({ length: 20 }, (_, i) => from + i + 1));
        console.info(`live C → D polling every ${pollMs} ms: ${summary(latencies)}`);
        expect(Math.max(...latencies)).toBeLessThan(pollMs + 1000);
      } finally {
        await stream.close();
      }
    } finally {
      await c.close();
      await d.close();
    }
  });

  it('resumes a dropped stream from its last place: what came meanwhile in order, then live again', async () => {
    const s = await signedIn(a);
    const first = await b.stream(s.token);
    const hello = await first.next();
    expect(hello.event).toBe('hello');
    const from = placeOf(hello);
    await changesArrive(a, s, first, from, 1);
    const last = first.history().at(-1)?.id as string;
    await first.close();

    // ten changes while no stream is open (drafts and orders: commit's mix)
    const missed: LiveChange[] = [];
    for (let i = 0; i < 10; i++) missed.push(await commit(a, s, i));
    const again = await b.stream(s.token, { after: last });
    try {
      const resumed = await again.next();
      expect([resumed.event, resumed.id]).toEqual(['hello', last]);
      for (const [i, expected] of missed.entries()) {
        const told = await again.next();
        expect([told.event, told.id]).toEqual(['change', `${s.cuId}:${from + 2 + i}`]);
        expect(JSON.parse(told.data)).toEqual(expected);
      }
      // and the stream goes on live
      await changesArrive(a, s, again, from + 11, 1);
      expect(placesAfterHello(again)).toEqual(Array.from({ length: 11 }, (_, i) => from + 2 + i));
    } finally {
      await again.close();
    }
  });
});
