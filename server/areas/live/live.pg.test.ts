import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveChange, LiveTicket } from '../../../src/contract/live/schemas.ts';
import { createUser, type FixtureUser } from '../../testing/fixtures.ts';
import { type LiveClient, openStreamWith, type ReadEvent } from '../../testing/live-client.ts';
import { type Instance, twoInstances } from '../../testing/pg-instances.ts';
import { socketFrom } from '../../testing/test-app.ts';
import { appendEvents } from './outbox.ts';
import { liveHub } from './stream.ts';

/**
 * The live stream across server processes on one PostgreSQL: `boot()` instances on one fresh
 * database, each with its own pool, bus and hub, as processes have (testing/pg-instances.ts).
 * A change committed on one reaches a stream open on another: at once through LISTEN, within the
 * poll without it, and a stream that dropped resumes from its last place without losing anything.
 */
const processes = twoInstances({ filesPrefix: 'lp-live-files-', address: '10.0.0.2' });
let a: Instance;
let b: Instance;
beforeAll(() => {
  ({ a, b } = processes);
});

/** A stream of the session of `token` on `on` (its ticket from `ticketFrom`, `on` by default). */
async function streamOn(
  on: Instance,
  token: string,
  options: { after?: string; ticketFrom?: Instance } = {},
): Promise<LiveClient> {
  const issued = await (options.ticketFrom ?? on).call<LiveTicket>('live/ticket', { token, body: {} });
  expect(issued.code).toBe(0);
  const url = options.after
    ? `${issued.data.url}&after=${encodeURIComponent(options.after)}`
    : issued.data.url;
  return openStreamWith((to, init) => on.app.request(to, init, socketFrom(on.address)), url);
}

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
    const stream = await streamOn(b, s.token, { ticketFrom: a });
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
    const c = await processes.start({ live: { listen: false, pollMs } });
    const d = await processes.start({ live: { listen: false, pollMs } });
    try {
      expect(liveHub(d.deps).options).toMatchObject({ listen: false, pollMs });
      const s = await signedIn(c);
      const stream = await streamOn(d, s.token);
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
    const first = await streamOn(b, s.token);
    const hello = await first.next();
    expect(hello.event).toBe('hello');
    const from = placeOf(hello);
    await changesArrive(a, s, first, from, 1);
    const last = first.history().at(-1)?.id as string;
    await first.close();

    // ten changes while no stream is open (drafts and orders: commit's mix)
    const missed: LiveChange[] = [];
    for (let i = 0; i < 10; i++) missed.push(await commit(a, s, i));
    const again = await streamOn(b, s.token, { after: last });
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
